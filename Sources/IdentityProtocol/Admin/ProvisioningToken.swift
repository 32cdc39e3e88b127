public import Foundation

/// A provisioning token as the admin API shows it: a bearer token for one realm's SCIM service
/// (`{issuer}/scim/v2`), and for nothing else. The token itself appears once, in the answer that
/// creates it; the server keeps only its hash.
public struct ProvisioningToken: Codable, Sendable, Equatable {
    /// The token's public id (what audit events name as `provisioning_token_id`).
    public var id: String
    public var label: String
    public var tenantID: String
    /// The one realm whose users and groups it may provision.
    public var realmID: String
    /// `active`, `expired` or `revoked`.
    public var status: AdminTokenStatus
    /// The realm's SCIM base URL, to give the directory with the token.
    public var scimBaseURL: String
    public var createdAt: Date
    /// When it stops working; `nil` for never.
    public var expiresAt: Date?
    public var revokedAt: Date?
    /// The bearer token: only in the answer that creates it.
    public var token: String?

    /// Creates a token value.
    public init(
        id: String, label: String, tenantID: String, realmID: String, status: AdminTokenStatus, scimBaseURL: String,
        createdAt: Date, expiresAt: Date?, revokedAt: Date?, token: String? = nil
    ) {
        self.id = id
        self.label = label
        self.tenantID = tenantID
        self.realmID = realmID
        self.status = status
        self.scimBaseURL = scimBaseURL
        self.createdAt = createdAt
        self.expiresAt = expiresAt
        self.revokedAt = revokedAt
        self.token = token
    }

    enum CodingKeys: String, CodingKey {
        case id, label, status, token
        case tenantID = "tenant_id"
        case realmID = "realm_id"
        case scimBaseURL = "scim_base_url"
        case createdAt = "created_at"
        case expiresAt = "expires_at"
        case revokedAt = "revoked_at"
    }
}
