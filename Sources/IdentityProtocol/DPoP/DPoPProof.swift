public import Foundation

/// A DPoP proof (RFC 9449 §4.2) that passed the checks of §4.3 for one request: what a token
/// is bound to, and what the replay and nonce checks need.
public struct DPoPProof: Sendable, Equatable {
    /// The RFC 7638 SHA-256 thumbprint of the proof's public key, base64url: a bound token's
    /// `cnf.jkt` (RFC 9449 §6.1).
    public let thumbprint: String
    /// The proof's unique id, to be used once (§11.1).
    public let jti: String
    /// When the client made it.
    public let issuedAt: Date
    /// The server nonce it carries (§8), if any.
    public let nonce: String?

    /// A checked proof.
    public init(thumbprint: String, jti: String, issuedAt: Date, nonce: String?) {
        self.thumbprint = thumbprint
        self.jti = jti
        self.issuedAt = issuedAt
        self.nonce = nonce
    }
}
