/// A JWS algorithm (RFC 7518 §3.1) a realm signs tokens with; stored as its name.
public enum SigningAlgorithm: String, Sendable, CaseIterable, Codable {
    /// ECDSA P-256 with SHA-256: every token by default.
    case es256 = "ES256"
    /// RSASSA-PKCS1-v1_5 with SHA-256: ID tokens for relying parties that cannot verify ES256.
    case rs256 = "RS256"
}
