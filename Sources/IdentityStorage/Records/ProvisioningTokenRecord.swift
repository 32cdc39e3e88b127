public import Foundation

/// A provisioning token: the bearer token of one realm's SCIM service, stored only as its hash.
/// It opens nothing else (the admin API looks tokens up in ``AdminTokenRecord``'s table only).
public struct ProvisioningTokenRecord: ExpiringToken, Equatable, Identifiable {
    /// The token's public id: the first 8 bytes of its hash in hex, as for admin tokens.
    public var id: String
    /// SHA-256 of the token; unique.
    public var tokenHash: Data
    public var label: String
    public var tenantID: String
    /// The one realm the token provisions.
    public var realmID: String
    public var createdAt: Date
    /// When the token stops working; `nil` for never.
    public var expiresAt: Date?
    /// When it was revoked; `nil` while it is not.
    public var revokedAt: Date?

    /// Creates a record; the id is derived from the hash.
    public init(
        tokenHash: Data, label: String, tenantID: String, realmID: String, createdAt: Date, expiresAt: Date? = nil,
        revokedAt: Date? = nil
    ) {
        self.id = AdminTokenRecord.id(forHash: tokenHash)
        self.tokenHash = tokenHash
        self.label = label
        self.tenantID = tenantID
        self.realmID = realmID
        self.createdAt = createdAt
        self.expiresAt = expiresAt
        self.revokedAt = revokedAt
    }
}
