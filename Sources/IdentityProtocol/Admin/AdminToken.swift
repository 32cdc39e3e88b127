public import Foundation

/// An admin API token as the admin API shows it. The token itself appears once, in the
/// answer that creates it; the server keeps only its hash.
public struct AdminToken: Codable, Sendable, Equatable {
    /// The token's public id (what audit events name as `admin_token_id`).
    public var id: String
    public var label: String
    /// The one tenant it may administer; `nil` for all of them and the server's own resources.
    public var tenantID: String?
    /// What it may do: `owner`, `tenant_admin`, `auditor` or `support`.
    public var role: String
    /// `active`, `expired` or `revoked`.
    public var status: AdminTokenStatus
    public var createdAt: Date
    /// When it stops working; `nil` for never.
    public var expiresAt: Date?
    public var revokedAt: Date?
    /// When it was last presented (to the minute); `nil` before its first use.
    public var lastUsedAt: Date?
    /// The bearer token: only in the answer that creates it.
    public var token: String?

    /// Creates a token value.
    public init(
        id: String, label: String, tenantID: String?, role: String, status: AdminTokenStatus, createdAt: Date, expiresAt: Date?,
        revokedAt: Date?, lastUsedAt: Date? = nil, token: String? = nil
    ) {
        self.id = id
        self.label = label
        self.tenantID = tenantID
        self.role = role
        self.status = status
        self.createdAt = createdAt
        self.expiresAt = expiresAt
        self.revokedAt = revokedAt
        self.lastUsedAt = lastUsedAt
        self.token = token
    }

    enum CodingKeys: String, CodingKey {
        case id, label, role, status, token
        case tenantID = "tenant_id"
        case createdAt = "created_at"
        case expiresAt = "expires_at"
        case revokedAt = "revoked_at"
        case lastUsedAt = "last_used_at"
    }
}
