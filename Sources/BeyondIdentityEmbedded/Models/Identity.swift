/// The user a passkey belongs to, as the 2.x API names it.
public struct Identity: Sendable, Hashable {
    /// The identity's id.
    public let id: Id
    /// The identity's display name.
    public let displayName: String
    /// The identity's username.
    public let username: String
    /// The identity's primary email address; `nil` here: the server does not tell devices
    /// their users' addresses.
    public let primaryEmailAddress: String?

    /// Creates an identity.
    public init(id: Identity.Id, displayName: String, username: String, primaryEmailAddress: String?) {
        self.id = id
        self.displayName = displayName
        self.username = username
        self.primaryEmailAddress = primaryEmailAddress
    }
}

extension Identity {
    /// A identity's id.
    public typealias Id = TaggedID<Identity>
}
