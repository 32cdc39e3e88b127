public import Crypto
public import Foundation

/// Makes DPoP proofs (RFC 9449 §4.2) with a P-256 key that signs through a closure, so the
/// private key can stay in a key store: header `typ` `dpop+jwt`, `alg` ES256 and the public
/// `jwk`; claims `jti` (random), `htm`, `htu` (without query and fragment), `iat`, and `ath`
/// and `nonce` where given.
public struct DPoPProofBuilder: Sendable {
    /// The public key the proofs carry.
    public let publicKey: P256.Signing.PublicKey

    /// A builder for proofs of `publicKey`.
    public init(publicKey: P256.Signing.PublicKey) {
        self.publicKey = publicKey
    }

    /// A proof for `method` on `url` at `now`, bound to `accessToken` and `nonce` when given;
    /// `sign` signs the JWS signing input with the private key (ECDSA P-256 over SHA-256).
    public func proof(
        method: String, url: URL, accessToken: String? = nil, nonce: String? = nil, now: Date,
        sign: (Data) async throws -> P256.Signing.ECDSASignature
    ) async throws -> String {
        let input = try signingInput(method: method, url: url, accessToken: accessToken, nonce: nonce, now: now)
        return Self.proof(signingInput: input, signature: try await sign(Data(input.utf8)))
    }

    /// The JWS signing input (header and claims) of a proof for `method` on `url` at `now`,
    /// bound to `accessToken` and `nonce` when given: what the private key signs.
    public func signingInput(method: String, url: URL, accessToken: String? = nil, nonce: String? = nil, now: Date) throws -> String {
        let raw = publicKey.rawRepresentation
        let header = DPoPProofJWT.Header(typ: "dpop+jwt", alg: DPoPProofVerifier.algorithm, jwk: DPoPProofJWT.JWK(
            kty: "EC", crv: "P-256", x: raw.prefix(32).base64URLEncodedString, y: raw.suffix(32).base64URLEncodedString))
        let claims = DPoPProofJWT.Claims(
            jti: Data((0..<16).map { _ in UInt8.random(in: .min ... .max) }).base64URLEncodedString, htm: method,
            htu: Self.target(url), iat: now.timeIntervalSince1970.rounded(.down),
            ath: accessToken.map { Data(SHA256.hash(data: Data($0.utf8))).base64URLEncodedString }, nonce: nonce)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(header).base64URLEncodedString + "." + encoder.encode(claims).base64URLEncodedString
    }

    /// The compact JWS of a proof: its signing input and the signature over it.
    public static func proof(signingInput: String, signature: P256.Signing.ECDSASignature) -> String {
        signingInput + "." + signature.rawRepresentation.base64URLEncodedString
    }

    /// `url` without its query, fragment and any user or password (§4.2: `htu`).
    public static func target(_ url: URL) -> String {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return url.absoluteString }
        components.query = nil
        components.fragment = nil
        components.user = nil
        components.password = nil
        return components.string ?? url.absoluteString
    }
}
