import Foundation
import IdentityProtocol
import Testing
@testable import IdentityServerCore
@testable import OpenIDProvider

/// The response bodies written by hand: byte for byte what `JSONEncoder.identityWire` writes
/// for their `Codable` form, and with awkward text, the same values once parsed.
@Suite struct HandWrittenJSONTests {
    private static func handWritten(_ value: some HandWrittenJSON) -> String {
        var object = JSONObjectWriter()
        value.writeJSON(to: &object)
        return object.json
    }

    private static func encoded(_ value: some Encodable) throws -> String {
        String(decoding: try JSONEncoder.identityWire.encode(value), as: UTF8.self)
    }

    private static func check<Value: HandWrittenJSON & Decodable & Equatable>(_ value: Value) throws {
        #expect(handWritten(value) == (try encoded(value)))
    }

    /// Quotes, backslashes, controls, slashes, non-ASCII and the line separators JavaScript minds.
    private static let awkward = "a\"b\\c/d\n\u{1}é🔑\u{2028}"

    @Test func tokenResponsesAreWhatTheEncoderWrites() throws {
        try Self.check(TokenEndpointResponse(accessToken: "eyJ.a.b", tokenType: "DPoP", expiresIn: 3600, idToken: "eyJ.c.d", scope: "openid email", refreshToken: "rt_1"))
        try Self.check(TokenEndpointResponse(accessToken: "eyJ.a.b", tokenType: "Bearer", expiresIn: 0, idToken: nil, scope: nil))
        try Self.check(AuthenticationResult(redirectURI: "https://app.example/cb?code=c&state=s%20t"))
        try Self.check(AuthenticationResult(redirectURI: "https://app.example/cb", message: "signed in"))
    }

    /// Text with nothing to escape is written as it is; one character to escape anywhere in it
    /// is escaped, whichever it is.
    @Test func jsonTextEscapesWhatItMustAndNothingElse() {
        #expect(JSONText.quoted("bic_1 https://app.example/cb?x=1 é🔑") == "\"bic_1 https://app.example/cb?x=1 é🔑\"")
        let escaped: [(String, String)] = [
            ("\"", #"\""#), ("\\", #"\\"#), ("\n", #"\n"#), ("\u{1}", #"\u0001"#), ("\u{7F}", #"\u007F"#),
            ("\u{2028}", #"\u2028"#), ("\u{2029}", #"\u2029"#),
        ]
        for (character, escape) in escaped {
            #expect(JSONText.quoted("ab" + character + "c") == "\"ab" + escape + "c\"")
        }
    }

    @Test func userInfoIsWhatTheEncoderWrites() throws {
        try Self.check(UserInfo(sub: "idn_1", preferredUsername: "ada", name: "Ada L.", email: "ada@example.com", groups: ["eng", "ops"]))
        try Self.check(UserInfo(sub: "idn_1", preferredUsername: nil, name: nil, email: nil, groups: []))
        let awkward = UserInfo(sub: Self.awkward, preferredUsername: Self.awkward, name: nil, email: nil, groups: [Self.awkward, "b"])
        #expect(try JSONDecoder.identityWire.decode(UserInfo.self, from: Data(Self.handWritten(awkward).utf8)) == awkward)
    }

    @Test func challengesAreWhatTheEncoderWritesWithWholeSecondsInUTC() throws {
        for seconds in [1_795_000_000.0, 1_795_000_000.999, 951_782_400.5] {  // the last: 2000-02-29
            try Self.check(AuthenticationChallenge(
                transaction: "tx", challenge: "Y2g", issuer: "https://id.example/v1/tenants/t/realms/r", tenantID: "t",
                realmID: "r", clientID: "bic_1", applicationDisplayName: "Shop", expiresAt: Date(timeIntervalSince1970: seconds)))
        }
    }

    @Test func awkwardTextParsesBackToTheSameValues() throws {
        let response = TokenEndpointResponse(accessToken: Self.awkward, tokenType: "Bearer", expiresIn: 1, idToken: nil, scope: Self.awkward)
        #expect(try JSONDecoder.identityWire.decode(TokenEndpointResponse.self, from: Data(Self.handWritten(response).utf8)) == response)
        let detail = ["reason": Self.awkward, Self.awkward: "key", "amr": "hwk user"]
        let written = AuditLog.json(detail)
        #expect(try JSONDecoder().decode([String: String].self, from: Data(written.utf8)) == detail)
        #expect(written.hasPrefix(#"{"a\"b"#) && written.contains(#""amr":"hwk user","reason":"#), "sorted by key: \(written)")
        #expect(AuditLog.json([:]) == "{}")
    }
}
