/// The signature algorithms a passkey may use, by their COSE identifiers (RFC 9053, RFC 8812):
/// what `pubKeyCredParams` offers and a credential's key declares.
public enum COSEAlgorithm: Int, Sendable, Codable, CaseIterable, CustomStringConvertible {
    /// ECDSA with P-256 and SHA-256; every authenticator supports it.
    case es256 = -7
    /// Ed25519.
    case eddsa = -8
    /// RSASSA-PKCS1-v1_5 with SHA-256 (Windows Hello's keys), moduli of 2048 bits or more.
    case rs256 = -257

    public var description: String {
        switch self {
        case .es256: "ES256"
        case .eddsa: "EdDSA"
        case .rs256: "RS256"
        }
    }
}
