/// A group an identity belongs to, provisioned by the realm's directory through SCIM: its name
/// is what the `groups` claim releases.
public struct IdentityGroup: Codable, Sendable, Equatable {
    public var id: String
    public var displayName: String

    /// Creates a group value.
    public init(id: String, displayName: String) {
        self.id = id
        self.displayName = displayName
    }

    enum CodingKeys: String, CodingKey {
        case id
        case displayName = "display_name"
    }
}
