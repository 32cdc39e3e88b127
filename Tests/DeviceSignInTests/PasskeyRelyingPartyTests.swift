import Crypto
import Foundation
import IdentityServerCore
import IdentityStorage
import SwiftASN1
import Testing
import WebAuthn
import X509
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
        let key = P256.Signing.PrivateKey()
        let name = try DistinguishedName { CommonName("Attestation root") }
        let root = try Certificate(
            version: .v3, serialNumber: .init(), publicKey: .init(key.publicKey), notValidBefore: Date() - 60,
            notValidAfter: Date() + 3600, issuer: name, subject: name, signatureAlgorithm: .ecdsaWithSHA256,
            extensions: try Certificate.Extensions { Critical(BasicConstraints.isCertificateAuthority(maxPathLength: 0)) },
            issuerPrivateKey: .init(key)
        ).serializeAsPEM().pemString
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
}
