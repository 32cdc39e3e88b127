package import IdentityProtocol
package import JWTKit
package import IdentityServerCore

/// A JWT payload the server signs often enough to write its JSON by hand (``RealmSigner``
/// signs it without jwt-kit's `JSONEncoder`): the same members, with the same values, as its
/// `Codable` form, which ``HandWrittenClaimsTests`` compares.
package protocol HandWrittenClaims: JWTPayload {
    /// Writes the payload's members.
    func writeClaims(to object: inout JSONObjectWriter)
}

extension JSONObjectWriter {
    /// An `aud` claim as jwt-kit writes it: a single audience as a string, several as an array.
    package mutating func add(_ key: String, audience: AudienceClaim) {
        if audience.value.count == 1 { add(key, audience.value[0]) } else { add(key, audience.value) }
    }
}

extension AccessTokenClaims: HandWrittenClaims {
    package func writeClaims(to object: inout JSONObjectWriter) {
        object.add("iss", iss.value)
        object.add("sub", sub.value)
        object.add("aud", audience: aud)
        object.add("exp", seconds: exp.value)
        object.add("iat", seconds: iat.value)
        object.add("jti", jti.value)
        object.add("client_id", clientID)
        object.add("scope", scope)
        object.add("auth_time", authTime)
        if let cnf { object.add("cnf") { $0.add("jkt", cnf.jkt) } }
    }
}

extension IDTokenClaims: HandWrittenClaims {
    package func writeClaims(to object: inout JSONObjectWriter) {
        object.add("iss", iss.value)
        object.add("sub", sub.value)
        object.add("aud", audience: aud)
        object.add("exp", seconds: exp.value)
        object.add("iat", seconds: iat.value)
        object.add("auth_time", authTime)
        object.add("nonce", nonce)
        object.add("azp", azp)
        object.add("amr", amr)
        object.add("acr", acr)
        object.add("jti", jti?.value)
        object.add("sid", sid)
        object.add("groups", groups)
    }
}
