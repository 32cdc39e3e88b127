/// What a verified attestation statement proves (WebAuthn §6.5.3's attestation types).
public struct AttestationResult: Sendable, Equatable {
    public enum Kind: String, Sendable, Codable {
        /// No statement (`none`).
        case none
        /// Signed by the credential's own key: proves nothing of the model.
        case `self`
        /// Signed by an attestation certificate (`x5c`).
        case basic
    }

    public let format: AttestationFormat
    public let kind: Kind
    /// Whether the certificate chain ends at one of the policy's trusted roots: only then does
    /// the attestation prove the authenticator's model.
    public let trusted: Bool

    public init(format: AttestationFormat, kind: Kind, trusted: Bool) {
        self.format = format
        self.kind = kind
        self.trusted = trusted
    }
}
