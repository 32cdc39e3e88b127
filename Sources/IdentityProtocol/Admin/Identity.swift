public import Foundation

/// An identity (a user) of a realm.
public struct Identity: Codable, Sendable, Equatable {
    public var id: String
    public var tenantID: String
    public var realmID: String
    /// Unique in the realm.
    public var username: String
    public var email: String?
    public var displayName: String
    /// `active`, `suspended` or `deleted`.
    public var status: IdentityStatus
    public var createdAt: Date
    public var updatedAt: Date
    /// The groups it belongs to, by name (in the answer about one identity).
    public var groups: [IdentityGroup]?

    /// Creates an identity value.
    public init(
        id: String, tenantID: String, realmID: String, username: String, email: String?, displayName: String,
        status: IdentityStatus, createdAt: Date, updatedAt: Date, groups: [IdentityGroup]? = nil
    ) {
        self.id = id
        self.tenantID = tenantID
        self.realmID = realmID
        self.username = username
        self.email = email
        self.displayName = displayName
        self.status = status
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.groups = groups
    }

    enum CodingKeys: String, CodingKey {
        case id, username, email, status, groups
        case tenantID = "tenant_id"
        case realmID = "realm_id"
        case displayName = "display_name"
        case createdAt = "created_at"
        case updatedAt = "updated_at"
    }
}
