public import Foundation

/// What verifying a passkey's assertions needs, beside its ``CredentialRecord`` (kind
/// `passkey`, the same id): the WebAuthn credential ID and public key, its signature counter,
/// and what its registration said of the authenticator.
public struct PasskeyRecord: Sendable, Equatable {
    /// The ``CredentialRecord``'s id.
    public var credentialID: String
    public var realmID: String
    /// The credential ID the authenticator chose (up to 1,023 bytes), unique in the realm.
    public var webAuthnID: Data
    /// The COSE_Key bytes.
    public var publicKey: Data
    /// The COSE algorithm identifier (-7 ES256, -8 EdDSA, -257 RS256).
    public var algorithm: Int
    /// The last signature counter seen (0 for authenticators that do not count).
    public var signCount: UInt32
    /// The authenticator model, 16 bytes (zeros when unknown).
    public var aaguid: Data
    /// How the browser said it reaches the authenticator (`internal`, `usb`, `hybrid`…).
    public var transports: [String]
    /// Whether the credential may be synced to other devices (BE).
    public var backupEligible: Bool
    /// Whether it was backed up when last seen (BS).
    public var backedUp: Bool
    /// The attestation statement's format (`none`, `packed`, `fido-u2f`).
    public var attestationFormat: String
    /// Whether the attestation chained to a root the realm trusts.
    public var attestationTrusted: Bool

    public init(
        credentialID: String, realmID: String, webAuthnID: Data, publicKey: Data, algorithm: Int, signCount: UInt32, aaguid: Data,
        transports: [String], backupEligible: Bool, backedUp: Bool, attestationFormat: String, attestationTrusted: Bool
    ) {
        self.credentialID = credentialID
        self.realmID = realmID
        self.webAuthnID = webAuthnID
        self.publicKey = publicKey
        self.algorithm = algorithm
        self.signCount = signCount
        self.aaguid = aaguid
        self.transports = transports
        self.backupEligible = backupEligible
        self.backedUp = backedUp
        self.attestationFormat = attestationFormat
        self.attestationTrusted = attestationTrusted
    }
}
