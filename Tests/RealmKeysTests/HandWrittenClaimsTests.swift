import Crypto
import Foundation
import IdentityProtocol
import JWTKit
import Testing

import IdentityServerCore
import RealmKeys

/// Access and ID tokens written by hand carry exactly the members, with the same values, that
/// their `Codable` form gives through jwt-kit's encoder; signed directly, they verify with
/// jwt-kit and name their key and type in the header.
@Suite struct HandWrittenClaimsTests {
    private static let at = Date(timeIntervalSince1970: 1_764_100_000)

    private static func members(_ json: Data) throws -> NSDictionary {
        try #require(try JSONSerialization.jsonObject(with: json) as? NSDictionary)
    }

    private static func expectSameMembers(_ claims: some HandWrittenClaims, sourceLocation: SourceLocation = #_sourceLocation) throws {
        var object = JSONObjectWriter()
        claims.writeClaims(to: &object)
        let byHand = try members(Data(object.json.utf8))
        let byEncoder = try members(try (JSONEncoder.defaultForJWT as! JSONEncoder).encode(claims))
        #expect(byHand == byEncoder, "\(object.json)", sourceLocation: sourceLocation)
    }

    static let accessTokens = [
        AccessTokenClaims(
            iss: .init(value: "https://id.example/v1/tenants/t/realms/r"), sub: .init(value: "idn_1"),
            aud: .init(value: ["https://id.example/v1/tenants/t/realms/r"]), exp: .init(value: at.addingTimeInterval(3600)),
            iat: .init(value: at), jti: .init(value: "j-1"), clientID: "shop", scope: "openid groups", authTime: 1_764_099_990,
            cnf: Confirmation(jkt: "0ZcOCORZNYy-DWpqq30jZyJGHTN0d2HglBV3uiguA4I")),
        AccessTokenClaims(
            iss: .init(value: "i"), sub: .init(value: "client"), aud: .init(value: ["a", "b"]),
            exp: .init(value: at), iat: .init(value: at), jti: .init(value: "j-2"), clientID: "client", scope: "",
            authTime: nil, cnf: nil),
    ]

    @Test(arguments: accessTokens) func accessTokensMatchTheirCodableForm(claims: AccessTokenClaims) throws {
        try Self.expectSameMembers(claims)
    }

    /// Read back by the hand-written decoding, whatever the decoder's date strategy, and with
    /// an audience of one as a bare string (RFC 7519 §4.1.3).
    @Test(arguments: accessTokens) func accessTokensReadBackAsTheyWereWritten(claims: AccessTokenClaims) throws {
        var object = JSONObjectWriter()
        claims.writeClaims(to: &object)
        for decoder in [JSONDecoder.defaultForJWT as! JSONDecoder, JSONDecoder()] {
            #expect(try decoder.decode(AccessTokenClaims.self, from: Data(object.json.utf8)) == claims)
        }
        // Read without a decoder (``CompactJSON``), to the same claims.
        #expect(CompactJSON(Data(object.json.utf8)).flatMap(AccessTokenClaims.init(compact:)) == claims)
        // Foundation's coders as they come (dates since 2001 by default) round-trip them too.
        #expect(try JSONDecoder().decode(AccessTokenClaims.self, from: JSONEncoder().encode(claims)) == claims)
        let single = try JSONDecoder().decode(AccessTokenClaims.self, from: Data(#"""
            {"iss":"i","sub":"s","aud":"a","exp":1764100000,"iat":1764100000,"jti":"j","client_id":"c","scope":"openid"}
            """#.utf8))
        #expect(single.aud.value == ["a"] && single.exp.value == Self.at && single.authTime == nil && single.cnf == nil)
        let compact = try #require(CompactJSON(Data(
            #"{"iss":"i","sub":"s","aud":"a","exp":1764100000,"iat":1764100000,"jti":"j","client_id":"c","scope":"openid"}"#.utf8)))
        #expect(AccessTokenClaims(compact: compact) == single)
        // A member of another type is left to the decoder (which refuses it), never read as something else.
        for member in [#""auth_time":"1""#, #""cnf":{"jkt":1}"#, #""cnf":"x""#] {
            let json = #"{"iss":"i","sub":"s","aud":"a","exp":1764100000,"iat":1764100000,"jti":"j","client_id":"c","scope":"s","#
                + member + "}"
            #expect(AccessTokenClaims(compact: try #require(CompactJSON(Data(json.utf8)))) == nil, "\(member)")
            #expect(throws: DecodingError.self) { try JSONDecoder().decode(AccessTokenClaims.self, from: Data(json.utf8)) }
        }
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(AccessTokenClaims.self, from: Data(#"{"iss":"i"}"#.utf8)) }
    }

    @Test func idTokensMatchTheirCodableFormEscapedOrBare() throws {
        let full = IDTokenClaims(
            iss: .init(value: "https://id.example/r"), sub: .init(value: "idn_1"), aud: .init(value: ["shop"]),
            exp: .init(value: Self.at.addingTimeInterval(300)), iat: .init(value: Self.at), authTime: 1_764_099_000,
            nonce: "q\"uote\\back\nline\u{2028}sep\u{7}bell é 🔑", azp: "shop", amr: ["hwk", "face"], acr: "phrh",
            jti: .init(value: "j"), sid: "ses_1", groups: ["R&D <admins>", "sales"])
        try Self.expectSameMembers(full)
        let bare = IDTokenClaims(
            iss: .init(value: "i"), sub: .init(value: "s"), aud: .init(value: ["a"]), exp: .init(value: Self.at),
            iat: .init(value: Self.at), authTime: nil, nonce: nil, azp: nil, amr: nil, jti: nil, sid: nil)
        try Self.expectSameMembers(bare)
    }

    @Test func signedDirectlyTheyVerifyWithJWTKit() async throws {
        let key = P256.Signing.PrivateKey()
        let token = try RealmSigner.signES256(Self.accessTokens[0], kid: "k1", type: AccessTokenClaims.type, with: key)
        let header = try JWTHeaderPeek(token)
        #expect(header.alg == "ES256" && header.kid == "k1" && header.typ == "at+jwt")
        let keys = try await JWTKeyCollection().add(ecdsa: ES256PublicKey(backing: key.publicKey), kid: "k1")
        #expect(try await keys.verify(token, as: AccessTokenClaims.self) == Self.accessTokens[0])
        // The bytes that are signed, changed: refused.
        var parts = token.split(separator: ".").map(String.init)
        parts[1] = Data(#"{"sub":"idn_2"}"#.utf8).base64URLEncodedString
        await #expect(throws: JWTError.self) { _ = try await keys.verify(parts.joined(separator: "."), as: AccessTokenClaims.self) }
    }
}
