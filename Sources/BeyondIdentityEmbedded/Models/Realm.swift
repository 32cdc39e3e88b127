/// The administrative domain (within a tenant) a passkey signs in to, as the 2.x API names it.
public struct Realm: Sendable, Hashable {
    /// The realm's id.
    public let id: Id
    /// The realm's display name.
    public let displayName: String

    /// Creates a realm.
    public init(id: Realm.Id, displayName: String) {
        self.id = id
        self.displayName = displayName
    }
}

extension Realm {
    /// A realm's id.
    public typealias Id = TaggedID<Realm>
}
