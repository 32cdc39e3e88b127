/// Why an ID token was rejected; the rules of OpenID Connect Core §3.1.3.7.
public enum IDTokenFailure: Sendable, Equatable, CustomStringConvertible {
    /// The token response carried no ID token.
    case missing
    /// Not a JWS compact serialization, or its header or claims do not decode.
    case malformed
    /// The header's `alg` is not `ES256`.
    case unsupportedAlgorithm(String)
    /// The header has no `kid`, or the issuer's JWKS has no ES256 key with that `kid` (even after a refetch).
    case unknownKeyID(String?)
    /// The signature does not verify with the key named by `kid`.
    case badSignature
    /// `iss` is not the issuer the SDK discovered.
    case issuerMismatch(String)
    /// `aud` does not contain the client id.
    case audienceMismatch([String])
    /// `azp` is present but not the client id, or absent while `aud` names other parties.
    case authorizedPartyMismatch(String?)
    /// `nonce` is not the one sent in the authorization request.
    case nonceMismatch
    /// `exp` is in the past (beyond the allowed clock skew).
    case expired
    /// `iat` is in the future (beyond the allowed clock skew).
    case issuedInFuture
    /// A refreshed ID token names another subject, audience or sign-in time than the one it
    /// renews (OpenID Connect Core §12.2).
    case sessionMismatch

    /// A short reason, for logs and ``BISDKError/errorDescription``.
    public var description: String {
        switch self {
        case .missing: "no id_token in the token response"
        case .malformed: "malformed token"
        case .sessionMismatch: "the refreshed token is not about the same sign-in"
        case let .unsupportedAlgorithm(alg): "unsupported algorithm \(alg)"
        case let .unknownKeyID(kid): "unknown key id \(kid ?? "(none)")"
        case .badSignature: "signature does not verify"
        case let .issuerMismatch(iss): "unexpected issuer \(iss)"
        case let .audienceMismatch(aud): "audience \(aud) does not include the client"
        case let .authorizedPartyMismatch(azp): "unexpected authorized party \(azp ?? "(none)")"
        case .nonceMismatch: "nonce does not match the request"
        case .expired: "token expired"
        case .issuedInFuture: "token issued in the future"
        }
    }
}
