import IdentityServerCore
import Testing
import WebAuthn
@testable import DeviceSignIn

/// The relying party a public base URL makes: the origin as browsers serialize it (lower case,
/// no default port), the RP ID its host unless configured.
@Suite struct PasskeyRelyingPartyTests {
    @Test(arguments: [
        ("http://LocalHost:80/idp", nil, "localhost", "http://localhost"),
        ("https://ID.Example.com:443", nil, "id.example.com", "https://id.example.com"),
        ("http://localhost:8080", nil, "localhost", "http://localhost:8080"),
        ("https://id.example.com", "Example.com", "example.com", "https://id.example.com"),
    ])
    func originAndRPID(base: String, configured: String?, rpID: String, origin: String) {
        var settings = PasskeySettings()
        settings.rpID = configured
        let party = settings.relyingParty(for: PublicBaseURL(base))
        #expect(party.id == rpID && party.origins == [origin])
    }
}
