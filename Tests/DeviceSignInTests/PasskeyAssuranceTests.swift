import Foundation
import IdentityStorage
import Testing
import WebAuthn
@testable import DeviceSignIn

/// What a passkey sign-in's `amr` and `acr` say (docs/protocol.md, "Assurance"): hardware only
/// where trusted attestation proved it and the passkey cannot be synced; a second factor only
/// with user verification.
@Suite struct PasskeyAssuranceTests {
    static func passkey(trusted: Bool, syncable: Bool) -> PasskeyRecord {
        PasskeyRecord(
            credentialID: "crd", realmID: "rlm", webAuthnID: Data([1]), publicKey: Data([2]), algorithm: -7, signCount: 0,
            aaguid: .init(repeating: 0, count: 16), transports: [], backupEligible: syncable, backedUp: false,
            attestationFormat: trusted ? "packed" : "none", attestationTrusted: trusted)
    }

    @Test(arguments: [
        (true, false, true, ["hwk", "user", "mfa"], "phrh"),
        (true, false, false, ["hwk", "user"], "phr"),
        (true, true, true, ["swk", "user", "mfa"], "phr"),
        (false, false, true, ["swk", "user", "mfa"], "phr"),
        (false, true, false, ["swk", "user"], "phr"),
    ])
    func assurance(trusted: Bool, syncable: Bool, verified: Bool, methods: [String], level: String) {
        let flags: AuthenticatorFlags = verified ? [.userPresent, .userVerified] : [.userPresent]
        let assurance = PasskeySignInService.assurance(
            Self.passkey(trusted: trusted, syncable: syncable), VerifiedAssertion(signCount: 1, flags: flags))
        #expect(assurance == SignInAssurance(methods: methods, level: level))
    }
}
