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

        init(kty: String, crv: String?, x: String?, y: String?, d: String? = nil) {
            (self.kty, self.crv, self.x, self.y, self.d) = (kty, crv, x, y, d)
        }

        /// A `d` member present at all counts as private key material, also as `null` (or
        /// repeated, where the decoder keeps the first): RFC 9449 §4.3 refuses any.
        init(from decoder: any Decoder) throws {
            let members = try decoder.container(keyedBy: CodingKeys.self)
            kty = try members.decode(String.self, forKey: .kty)
            crv = try members.decodeIfPresent(String.self, forKey: .crv)
            x = try members.decodeIfPresent(String.self, forKey: .x)
            y = try members.decodeIfPresent(String.self, forKey: .y)
            d = members.contains(.d) ? (try? members.decode(String.self, forKey: .d)) ?? "" : nil
        }
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
