/// What a passkey's registration said of it, as administrators see it beside its credential.
public struct AdminPasskey: Codable, Sendable, Equatable {
    /// The authenticator model (a UUID; all zeros when it did not say, as with `none` attestation
    /// through most browsers).
    public var aaguid: String
    /// The provider's name where its AAGUID is a well-known one (`Google Password Manager`): what
    /// the authenticator says of itself, proven only when ``attestationTrusted``.
    public var authenticatorName: String?
    /// How the browser reaches it (`internal`, `hybrid`, `usb`, `nfc`, `ble`).
    public var transports: [String]
    /// Whether it may be synced to the user's other devices (a password manager's passkey).
    public var backupEligible: Bool
    /// Whether it was backed up when last used.
    public var backedUp: Bool
    /// The attestation statement's format: `none`, `packed` or `fido-u2f`.
    public var attestationFormat: String
    /// Whether the attestation chained to a trusted root (proof of the model).
    public var attestationTrusted: Bool

    /// Creates a passkey value.
    public init(
        aaguid: String, authenticatorName: String? = nil, transports: [String], backupEligible: Bool, backedUp: Bool,
        attestationFormat: String, attestationTrusted: Bool
    ) {
        self.aaguid = aaguid
        self.authenticatorName = authenticatorName
        self.transports = transports
        self.backupEligible = backupEligible
        self.backedUp = backedUp
        self.attestationFormat = attestationFormat
        self.attestationTrusted = attestationTrusted
    }

    enum CodingKeys: String, CodingKey {
        case aaguid, transports
        case authenticatorName = "authenticator_name"
        case backupEligible = "backup_eligible"
        case backedUp = "backed_up"
        case attestationFormat = "attestation_format"
        case attestationTrusted = "attestation_trusted"
    }
}
