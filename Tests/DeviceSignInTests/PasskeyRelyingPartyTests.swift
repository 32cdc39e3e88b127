import Foundation
import IdentityServerCore
import IdentityStorage
import ServerTestSupport
import Testing
import WebAuthn
@testable import DeviceSignIn

/// The relying party a public base URL and a realm's policy make: the origin as browsers
/// serialize it (lower case, no default port), the RP ID its host unless the policy names one,
/// and the policy's rules; the attestation roots and models only for a registration.
@Suite struct PasskeyRelyingPartyTests {
    @Test(arguments: [
        ("http://LocalHost:80/idp", nil, "localhost", "http://localhost"),
        ("https://ID.Example.com:443", nil, "id.example.com", "https://id.example.com"),
        ("http://localhost:8080", nil, "localhost", "http://localhost:8080"),
        ("https://id.example.com", "example.com", "example.com", "https://id.example.com"),
    ])
    func originAndRPID(base: String, configured: String?, rpID: String, origin: String) {
        let party = PasskeySettings.relyingParty(for: PublicBaseURL(base), policy: .init(rpID: configured))
        #expect(party.id == rpID && party.origins == [origin])
    }

    @Test func thePolicysRulesMakeTheParty() throws {
        let root = try TestAttestationRoot.pem()
        let policy = RealmRecord.PasskeyPolicy(
            userVerification: "preferred", algorithms: ["EdDSA", "ES256"], attestationRoots: [root],
            aaguids: ["01020304-0506-0708-0102-030405060708"])
        let base = PublicBaseURL("https://id.example.com")
        let registering = PasskeySettings.relyingParty(for: base, policy: policy, attestation: true)
        #expect(registering.userVerification == .preferred && registering.algorithms == [.eddsa, .es256])
        #expect(registering.attestation.trustedRoots.count == 1)
        #expect(registering.attestation.allowedAAGUIDs == [[1, 2, 3, 4, 5, 6, 7, 8, 1, 2, 3, 4, 5, 6, 7, 8]])
        let signingIn = PasskeySettings.relyingParty(for: base, policy: policy)
        #expect(signingIn.attestation.trustedRoots.isEmpty && signingIn.attestation.allowedAAGUIDs == nil)
        #expect(signingIn.userVerification == .preferred)
    }

    /// A stored root that no longer parses fails closed: no model is allowed, so nothing
    /// registers, rather than any authenticator as with no roots at all.
    @Test func aRootThatDoesNotParseLetsNothingRegister() throws {
        let policy = RealmRecord.PasskeyPolicy(attestationRoots: [try TestAttestationRoot.pem(), "-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n"])
        let party = PasskeySettings.relyingParty(for: PublicBaseURL("https://id.example.com"), policy: policy, attestation: true)
        #expect(party.attestation.trustedRoots.count == 1 && party.attestation.allowedAAGUIDs == [])
    }
}
