/// The JOSE header and claims of a DPoP proof (RFC 9449 §4.2), as the builder writes them and
/// the verifier reads them.
enum DPoPProofJWT {
    /// `typ`, `alg` and the public key.
    struct Header: Codable {
        var typ: String
        var alg: String
        var jwk: JWK
    }

    /// A JSON Web Key as a proof carries it; `d` is read only to refuse it.
    struct JWK: Codable {
        var kty: String
        var crv: String?
        var x: String?
        var y: String?
        var d: String?
    }

    /// The proof's claims.
    struct Claims: Codable {
        var jti: String
        var htm: String
        var htu: String
        var iat: Double
        var ath: String?
        var nonce: String?
    }
}
