/// A proof's header and claims read without `JSONDecoder` where they are of the compact shapes
/// (every client seen writes them so): measured, the decoder was a quarter of a proof's check.
extension DPoPProofJWT.Header: CompactReadable {
    package init?(compact json: CompactJSON) {
        guard let typ = json["typ"]?.string, let alg = json["alg"]?.string, let jwk = json["jwk"].flatMap(DPoPProofJWT.JWK.init(compact:))
        else { return nil }
        self.init(typ: typ, alg: alg, jwk: jwk)
    }
}

extension DPoPProofJWT.JWK: CompactReadable {
    package init?(compact json: CompactJSON) {
        guard let kty = json["kty"]?.string, let crv = json.optionalMember("crv", \.string), let x = json.optionalMember("x", \.string),
              let y = json.optionalMember("y", \.string), let d = json.optionalMember("d", \.string)
        else { return nil }
        self.init(kty: kty, crv: crv, x: x, y: y, d: d)
    }
}

extension DPoPProofJWT.Claims: CompactReadable {
    package init?(compact json: CompactJSON) {
        guard let jti = json["jti"]?.string, let htm = json["htm"]?.string, let htu = json["htu"]?.string,
              let iat = json["iat"]?.integer, let ath = json.optionalMember("ath", \.string),
              let nonce = json.optionalMember("nonce", \.string)
        else { return nil }
        self.init(jti: jti, htm: htm, htu: htu, iat: Double(iat), ath: ath, nonce: nonce)
    }
}
