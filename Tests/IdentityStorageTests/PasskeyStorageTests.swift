import Foundation
import IdentityStorage
import IdentityStorageTestSupport
import Testing

/// Passkeys: registered from a binding job with their credential, unique per realm, found by
/// their WebAuthn credential ID with what a sign-in checks.
@Suite struct PasskeyStorageTests {
    static func passkey(_ credentialID: String = "crd_pk", webAuthnID: Data = Data([1, 2, 3]), realm: String = "rlm_1") -> PasskeyRecord {
        PasskeyRecord(
            credentialID: credentialID, realmID: realm, webAuthnID: webAuthnID, publicKey: Data([0xA5, 0x01]), algorithm: -7,
            signCount: 4, aaguid: Data(repeating: 0, count: 16), transports: ["internal", "hybrid"], backupEligible: true,
            backedUp: false, attestationFormat: "none", attestationTrusted: false)
    }

    static func credential(_ id: String = "crd_pk") -> CredentialRecord {
        var credential = Fixtures.credential(id)
        (credential.kind, credential.certificateDER, credential.deviceName) = (.passkey, Data(), "Passkey")
        return credential
    }

    @Test(arguments: TestEngine.all)
    func aBindingJobRegistersAPasskeyWithItsCredential(engine: TestEngine) async throws {
        try await engine.withStore { store in
            try await store.seedTree()
            try await store.createBindingJob(Fixtures.bindingJob())
            let bound = try await store.completePasskeyBinding(tokenHash: Fixtures.hash("token-1"), now: Fixtures.at(30)) { _, _ in
                (Self.credential(), Self.passkey(), [])
            }
            #expect(bound.job.status == .complete && bound.job.credentialID == "crd_pk")
            #expect(try await store.credential(id: "crd_pk") == Self.credential())
            #expect(try await store.passkey(credentialID: "crd_pk") == Self.passkey())
            let found = try #require(try await store.passkey(realmID: "rlm_1", webAuthnID: Data([1, 2, 3])))
            #expect(found.credential == Self.credential() && found.passkey == Self.passkey() && found.identityStatus == .active)
            #expect(try await store.passkey(realmID: "rlm_2", webAuthnID: Data([1, 2, 3])) == nil)
            #expect(try await store.activePasskeyIDs(identityID: "idn_1", limit: 10) == [Data([1, 2, 3])])
            #expect(try await store.passkeys(credentialIDs: ["crd_pk", "crd_other", "nope"]) == [Self.passkey()])
            #expect(try await store.passkeys(credentialIDs: []) == [])
            // A device credential is not a passkey.
            #expect(try await store.credential(id: "crd_pk")?.kind == .passkey)

            _ = try await store.revokeCredential(id: "crd_pk", at: Fixtures.at(40), audit: nil)
            #expect(try await store.activePasskeyIDs(identityID: "idn_1", limit: 10) == [])
        }
    }

    /// A WebAuthn credential ID the realm has already is refused, and the job stays usable.
    @Test(arguments: TestEngine.all)
    func aCredentialIDIsRegisteredOncePerRealm(engine: TestEngine) async throws {
        try await engine.withStore { store in
            try await store.seedTree()
            try await store.createBindingJob(Fixtures.bindingJob("bjb_1", token: "token-1"))
            try await store.createBindingJob(Fixtures.bindingJob("bjb_2", token: "token-2"))
            _ = try await store.completePasskeyBinding(tokenHash: Fixtures.hash("token-1"), now: Fixtures.at(30)) { _, _ in
                (Self.credential(), Self.passkey(), [])
            }
            await #expect(throws: StorageError.alreadyExists) {
                _ = try await store.completePasskeyBinding(tokenHash: Fixtures.hash("token-2"), now: Fixtures.at(31)) { _, _ in
                    (Self.credential("crd_pk2"), Self.passkey("crd_pk2"), [])
                }
            }
            #expect(try await store.bindingJob(id: "bjb_2")?.status == .pending)
            #expect(try await store.credential(id: "crd_pk2") == nil)
        }
    }
}
