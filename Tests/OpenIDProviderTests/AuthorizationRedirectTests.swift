import Foundation
import Testing

import IdentityServerCore
import OpenIDProvider

/// Redirects keep the registered URI's own query and add form-encoded parameters that every
/// client decodes back to the exact values.
@Suite struct AuthorizationRedirectTests {
    @Test func parametersAreAppendedAndReadBackExactly() throws {
        let values = ["code": "a+b/c=d", "state": "x y&z", "iss": "https://id.example/v1/tenants/t/realms/r"]
        let plain = try AuthorizationRedirect.url(
            "https://app.example/cb", parameters: [("code", values["code"]), ("state", values["state"]), ("iss", values["iss"]),
                                                   ("nonce", nil)])
        #expect(plain.hasPrefix("https://app.example/cb?code=a%2Bb%2Fc%3Dd&state=x%20y%26z&iss="))
        let items = try #require(URLComponents(string: plain)?.queryItems)
        #expect(Dictionary(uniqueKeysWithValues: items.map { ($0.name, $0.value ?? "") }) == values)

        let withQuery = try AuthorizationRedirect.url("com.example.app:/cb?app=1", parameters: [("code", "c")])
        #expect(withQuery == "com.example.app:/cb?app=1&code=c")
        #expect(try AuthorizationRedirect.url("https://app.example/cb?", parameters: [("code", "c")]) == "https://app.example/cb?code=c")
        #expect(try AuthorizationRedirect.url("https://app.example/cb#f", parameters: [("code", "c")]) == "https://app.example/cb?code=c#f")
        #expect(try AuthorizationRedirect.url("https://app.example/cb", parameters: [("state", nil)]) == "https://app.example/cb")
    }
}
