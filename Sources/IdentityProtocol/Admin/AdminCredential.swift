public import Foundation

/// A credential of an identity (a device's key or a passkey), as administrators see it.
public struct AdminCredential: Codable, Sendable, Equatable {
    public var id: String
    public var tenantID: String
    public var realmID: String
    public var identityID: String
    /// `active` or `revoked`.
    public var state: ServerCredentialState
    public var kind: CredentialKind
    public var deviceName: String?
    /// A device credential's certificate, PEM; `nil` for a passkey.
    public var certificate: String?
    public var parentCredentialID: String?
    /// A passkey's details; `nil` for a device credential.
    public var passkey: AdminPasskey?
    public var createdAt: Date
    public var lastUsedAt: Date?
    public var revokedAt: Date?

    /// Creates a credential value.
    public init(
        id: String, tenantID: String, realmID: String, identityID: String, state: ServerCredentialState, kind: CredentialKind = .device,
        deviceName: String?, certificate: String?, parentCredentialID: String?, passkey: AdminPasskey? = nil, createdAt: Date,
        lastUsedAt: Date?, revokedAt: Date?
    ) {
        self.kind = kind
        self.passkey = passkey
        self.id = id
        self.tenantID = tenantID
        self.realmID = realmID
        self.identityID = identityID
        self.state = state
        self.deviceName = deviceName
        self.certificate = certificate
        self.parentCredentialID = parentCredentialID
        self.createdAt = createdAt
        self.lastUsedAt = lastUsedAt
        self.revokedAt = revokedAt
    }

    enum CodingKeys: String, CodingKey {
        case id, state, kind, certificate, passkey
        case tenantID = "tenant_id"
        case realmID = "realm_id"
        case identityID = "identity_id"
        case deviceName = "device_name"
        case parentCredentialID = "parent_credential_id"
        case createdAt = "created_at"
        case lastUsedAt = "last_used_at"
        case revokedAt = "revoked_at"
    }
}
