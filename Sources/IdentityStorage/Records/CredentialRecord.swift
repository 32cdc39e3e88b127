public import Foundation

/// A credential of an identity: a device key the realm CA certified (kind `device`), or a
/// passkey (kind `passkey`, its WebAuthn data in a ``PasskeyRecord``, no certificate).
public struct CredentialRecord: Sendable, Equatable, Identifiable {
    public var id: String
    public var tenantID: String
    public var realmID: String
    public var identityID: String
    /// `active` or `revoked`.
    public var state: State
    public var kind: Kind
    public var deviceName: String?
    /// The leaf certificate, DER (empty for a passkey).
    public var certificateDER: Data
    public var parentCredentialID: String?
    public var createdAt: Date
    public var lastUsedAt: Date?
    public var revokedAt: Date?

    /// Creates a record.
    public init(
        id: String, tenantID: String, realmID: String, identityID: String, state: State, deviceName: String?,
        certificateDER: Data, parentCredentialID: String?, createdAt: Date, lastUsedAt: Date?, revokedAt: Date?,
        kind: Kind = .device
    ) {
        self.kind = kind
        self.id = id
        self.tenantID = tenantID
        self.realmID = realmID
        self.identityID = identityID
        self.state = state
        self.deviceName = deviceName
        self.certificateDER = certificateDER
        self.parentCredentialID = parentCredentialID
        self.createdAt = createdAt
        self.lastUsedAt = lastUsedAt
        self.revokedAt = revokedAt
    }
}
