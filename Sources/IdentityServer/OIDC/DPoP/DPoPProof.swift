import Foundation

/// A DPoP proof (RFC 9449 §4.2) that passed the checks of §4.3 for one request: what the
/// token endpoint binds a token to, and what the replay and nonce checks need.
struct DPoPProof: Sendable, Equatable {
    /// The RFC 7638 SHA-256 thumbprint of the proof's public key, base64url: a bound token's
    /// `cnf.jkt` (RFC 9449 §6.1).
    let thumbprint: String
    /// The proof's unique id, to be used once (§11.1).
    let jti: String
    /// When the client made it.
    let issuedAt: Date
    /// The server nonce it carries (§8), if any.
    let nonce: String?
}
