/// The attestation statement formats verified here (WebAuthn §8; the registry of RFC 8809).
public enum AttestationFormat: String, Sendable, Codable, CaseIterable {
    /// No statement: the authenticator (or the browser, for privacy) says nothing of its model.
    case none
    /// The FIDO2 format: a signature by the credential's own key (self attestation) or by an
    /// attestation certificate (`x5c`).
    case packed
    /// A FIDO U2F security key's attestation certificate and signature.
    case fidoU2F = "fido-u2f"
}
