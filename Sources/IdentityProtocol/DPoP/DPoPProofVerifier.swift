import Crypto
public import Foundation

/// Checks a DPoP proof JWT against the request it came with, as RFC 9449 §4.3 lists: one
/// compact JWS; `typ` `dpop+jwt`; `alg` ES256 (the only one advertised); `jwk` a public P-256
/// key; the signature by that key; `htm` and `htu` the request's method and URL (query and
/// fragment aside, scheme and host compared without case, default ports implied); `iat`
/// within ``window`` (and at most ``futureSkew`` ahead); `jti` present; and, with an access token, `ath` its SHA-256. Whether the
/// `jti` was seen before and whether the nonce is current are the caller's to check: they
/// need storage.
public struct DPoPProofVerifier: Sendable {
    /// How far `iat` may lie from the server's clock, either way.
    public let window: TimeInterval
    /// How far ahead of the server's clock `iat` may be: clock skew only, so proofs cannot be
    /// made long in advance (RFC 9449 §11.2).
    public let futureSkew: TimeInterval
    /// The one proof algorithm accepted (`dpop_signing_alg_values_supported`).
    public static let algorithm = "ES256"
    /// The longest proof read, in bytes: an ES256 proof with its key, `htu` and `ath` is under
    /// one kilobyte; a longer one is malformed before any of it is decoded.
    public static let maxLength = 8 * 1024

    /// A verifier that allows `iat` to lie up to `window` seconds in the past and `futureSkew`
    /// seconds in the future.
    public init(window: TimeInterval = 300, futureSkew: TimeInterval = 60) {
        self.window = window
        self.futureSkew = futureSkew
    }

    /// The proof, checked for `method` on `url` (with `accessToken` where the request presents
    /// one) at `now`.
    public func verify(_ proof: String, method: String, url: String, accessToken: String? = nil, now: Date) throws(DPoPProofError) -> DPoPProof {
        let bytes = proof.utf8
        guard bytes.count <= Self.maxLength else { throw .malformed("a proof is at most \(Self.maxLength) bytes") }
        let dot = UInt8(ascii: ".")
        guard let headerEnd = bytes.firstIndex(of: dot), let signatureStart = bytes.lastIndex(of: dot), headerEnd != signatureStart,
              let headerData = Data(base64URLEncoded: String(proof[..<headerEnd])),
              let claimsData = Data(base64URLEncoded: String(proof[bytes.index(after: headerEnd)..<signatureStart])),
              let signature = Data(base64URLEncoded: String(proof[bytes.index(after: signatureStart)...])),
              let header = DPoPProofJWT.Header.read(from: headerData), let claims = DPoPProofJWT.Claims.read(from: claimsData)
        else { throw .malformed("not a JWS with a JSON header and claims (typ, alg, jwk; jti, htm, htu, iat)") }
        // Media types compare without case (RFC 7515 §4.1.9).
        guard header.typ.lowercased() == "dpop+jwt" else { throw .wrongType }
        guard header.alg == Self.algorithm else { throw .unsupportedAlgorithm(header.alg) }
        let (key, thumbprint) = try Self.publicKey(header.jwk)
        guard let ecdsa = try? P256.Signing.ECDSASignature(rawRepresentation: signature),
              key.isValidSignature(ecdsa, for: Data(bytes[..<signatureStart]))
        else { throw .badSignature }
        guard claims.htm == method else { throw .wrongMethod }
        guard Self.sameResource(claims.htu, url) else { throw .wrongURL }
        guard !claims.jti.isEmpty, claims.jti.utf8.count <= 256 else { throw .malformed("jti must be 1 to 256 bytes") }
        let issuedAt = Date(timeIntervalSince1970: claims.iat)
        guard issuedAt.timeIntervalSince(now) <= futureSkew, now.timeIntervalSince(issuedAt) <= window else { throw .outsideWindow }
        if let accessToken {
            let expected = Data(SHA256.hash(data: Data(accessToken.utf8))).base64URLEncodedString
            guard claims.ath == expected else { throw .wrongAccessTokenHash }
        }
        return DPoPProof(thumbprint: thumbprint, jti: claims.jti, issuedAt: issuedAt, nonce: claims.nonce)
    }

    /// The P-256 public key a `jwk` describes, and its RFC 7638 thumbprint (SHA-256 of the
    /// required members in lexicographic order, no whitespace); anything private or of another
    /// kind is refused.
    private static func publicKey(_ jwk: DPoPProofJWT.JWK) throws(DPoPProofError) -> (P256.Signing.PublicKey, thumbprint: String) {
        guard jwk.d == nil else { throw .unusableKey("must not contain a private key") }
        guard jwk.kty == "EC", jwk.crv == "P-256", let x = jwk.x, let y = jwk.y else { throw .unusableKey("must be an EC key on P-256") }
        guard let xBytes = Data(base64URLEncoded: x), let yBytes = Data(base64URLEncoded: y), xBytes.count == 32, yBytes.count == 32,
              let key = try? P256.Signing.PublicKey(rawRepresentation: xBytes + yBytes)
        else { throw .unusableKey("is not a point on P-256") }
        // From the coordinates the key was made of, so the thumbprint never depends on how the
        // client encoded them.
        return (key, JWKThumbprint.of(x: xBytes, y: yBytes))
    }

    /// Whether `htu` names the resource `url` does (RFC 9449 §4.3 point 9, with RFC 3986 §6.2.2
    /// and §6.2.3 normalization of scheme, host and port).
    private static func sameResource(_ htu: String, _ url: String) -> Bool {
        // What clients send, and the normalized comparison's answer for it (byte for byte:
        // `String` equality would take some other characters for these).
        if htu.utf8.elementsEqual(url.utf8) { return true }
        guard let a = URLComponents(string: htu), let b = URLComponents(string: url),
              let schemeA = a.scheme?.lowercased(), let schemeB = b.scheme?.lowercased(),
              let hostA = a.host?.lowercased(), let hostB = b.host?.lowercased()
        else { return false }
        let defaultPort = ["https": 443, "http": 80]
        return schemeA == schemeB && hostA == hostB && (a.port ?? defaultPort[schemeA]) == (b.port ?? defaultPort[schemeB])
            && (a.percentEncodedPath.isEmpty ? "/" : a.percentEncodedPath) == (b.percentEncodedPath.isEmpty ? "/" : b.percentEncodedPath)
    }
}
