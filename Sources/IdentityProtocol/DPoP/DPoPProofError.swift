/// Why a DPoP proof was refused (RFC 9449 §4.3), each answered `invalid_dpop_proof` with its
/// own description.
public enum DPoPProofError: Error, Equatable, CustomStringConvertible {
    /// Not a compact JWS of a JSON header and claims, or a required member missing or mistyped.
    case malformed(String)
    /// `typ` is not `dpop+jwt`.
    case wrongType
    /// `alg` is not ES256 (`none` and symmetric algorithms included).
    case unsupportedAlgorithm(String)
    /// `jwk` is not a P-256 public key, or carries private key material.
    case unusableKey(String)
    /// The signature does not verify with the header's key.
    case badSignature
    /// `htm` is not the request's method.
    case wrongMethod
    /// `htu` is not the request's URL (query and fragment aside).
    case wrongURL
    /// `iat` is too far in the past or the future.
    case outsideWindow
    /// `ath` is missing, or not the hash of the access token presented with it.
    case wrongAccessTokenHash
    /// The `jti` was used before (§11.1).
    case replayed

    public var description: String {
        switch self {
        case .malformed(let what): "the DPoP proof is malformed: \(what)"
        case .wrongType: "the DPoP proof's typ must be dpop+jwt"
        case .unsupportedAlgorithm: "the DPoP proof's alg is not supported: use ES256"
        case .unusableKey(let why): "the DPoP proof's jwk \(why)"
        case .badSignature: "the DPoP proof's signature does not verify with its jwk"
        case .wrongMethod: "the DPoP proof's htm is not this request's method"
        case .wrongURL: "the DPoP proof's htu is not this request's URL"
        case .outsideWindow: "the DPoP proof's iat is too old or in the future"
        case .wrongAccessTokenHash: "the DPoP proof's ath is not the hash of the access token"
        case .replayed: "the DPoP proof's jti was already used: make a new proof for every request"
        }
    }
}
