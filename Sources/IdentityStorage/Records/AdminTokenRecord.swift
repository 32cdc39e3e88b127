public import Foundation

/// An admin API token, stored only as its hash.
public struct AdminTokenRecord: ExpiringToken, Equatable, Identifiable {
    /// The token's public id: the first 8 bytes of its hash in hex (tells tokens apart in
    /// lists and audit events, reveals nothing of the token).
    public var id: String
    /// SHA-256 of the token; unique.
    public var tokenHash: Data
    public var label: String
    /// The one tenant the token may administer; `nil` for every tenant and the server's own
    /// resources (tenants, admin tokens).
    public var tenantID: String?
    /// What it may do.
    public var role: AdminRole
    public var createdAt: Date
    /// When the token stops working; `nil` for never.
    public var expiresAt: Date?
    /// When it was revoked; `nil` while it is not.
    public var revokedAt: Date?
    /// When it was last presented (kept to the minute); `nil` before its first use.
    public var lastUsedAt: Date?

    /// Creates a record; the id is derived from the hash. Its role is `owner` for every tenant,
    /// `tenant_admin` for one, unless given.
    public init(
        tokenHash: Data, label: String, tenantID: String? = nil, role: AdminRole? = nil, createdAt: Date, expiresAt: Date? = nil,
        revokedAt: Date? = nil, lastUsedAt: Date? = nil
    ) {
        self.id = Self.id(forHash: tokenHash)
        self.tokenHash = tokenHash
        self.label = label
        self.tenantID = tenantID
        self.role = role ?? (tenantID == nil ? .owner : .tenantAdmin)
        self.createdAt = createdAt
        self.expiresAt = expiresAt
        self.revokedAt = revokedAt
        self.lastUsedAt = lastUsedAt
    }

    /// The public id of the token with this hash.
    public static func id(forHash hash: Data) -> String {
        hash.prefix(8).map { String(format: "%02x", $0) }.joined()
    }
}
