/// A group an identity belongs to: what the `groups` claim and the admin API show of it.
public struct GroupMembership: Sendable, Equatable, Codable {
    public let groupID: String
    public let displayName: String

    /// Creates a membership.
    public init(groupID: String, displayName: String) {
        (self.groupID, self.displayName) = (groupID, displayName)
    }
}
