import Foundation
import IdentityProtocol
import OpenIDProvider
import Testing

/// How the credentials of an `Authorization` field are read: the scheme without case, the
/// token or credentials without HTTP's optional whitespace (spaces and tabs) around them, and
/// nothing where there is nothing.
@Suite struct AuthorizationFieldTests {
    @Test func aTokenIsReadWithoutTheSpacesAndTabsAroundIt() throws {
        let parsed = try #require(AccessTokenScheme.parse("Bearer \t eyJ.a-b_c.d \t "))
        #expect(parsed.scheme == .bearer && parsed.token == "eyJ.a-b_c.d")
        #expect(AccessTokenScheme.parse("dpop abc")?.scheme == .dpop)
        #expect(AccessTokenScheme.parse("DPoP a b")?.token == "a b", "inner spaces stay, for the token's check to refuse")
    }

    @Test func noTokenIsNone() {
        for field in [nil, "", "Bearer", "Bearer ", "Bearer \t ", "Basic abc", "Bearerabc"] {
            #expect(AccessTokenScheme.parse(field) == nil, "\(String(describing: field))")
        }
    }

    @Test func basicCredentialsAreReadAroundSpaces() {
        let encoded = Data("my%20app:s%3Acret".utf8).base64EncodedString()
        let credentials = ClientAuthentication.basicCredentials("basic  \(encoded)\t")
        #expect(credentials?.clientID == "my app" && credentials?.secret == "s:cret")
        #expect(ClientAuthentication.basicCredentials("Basic \t ") == nil)
        #expect(ClientAuthentication.basicCredentials("Bearer \(encoded)") == nil)
    }

    @Test func theTrimmingIsOfSpacesAndTabsOnly() {
        #expect(" \t a b \t ".trimmingHTTPWhitespace == "a b")
        #expect("\na\n".trimmingHTTPWhitespace == "\na\n")
        #expect("   ".trimmingHTTPWhitespace.isEmpty)
        #expect("".trimmingHTTPWhitespace.isEmpty)
    }
}
