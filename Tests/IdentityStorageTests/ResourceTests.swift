import Foundation
@testable import IdentityStorage
import IdentityStorageTestSupport
import SQLKit
import Testing

/// Create, read, update, delete and their errors, for each resource.
@Suite struct ResourceTests {
    @Test(arguments: TestEngine.all)
    func tenantsRoundTripAndReportMissingOrDuplicateRows(engine: TestEngine) async throws {
        try await engine.withStore { store in
            let tenant = Fixtures.tenant()
            try await store.createTenant(tenant)
            #expect(try await store.tenant(id: "ten_1") == tenant)
            #expect(try await store.tenant(id: "nope") == nil)

            await #expect(throws: StorageError.alreadyExists) { try await store.createTenant(Fixtures.tenant(name: "Other")) }

            var renamed = tenant
            renamed.displayName = "Renamed"
            renamed.updatedAt = Fixtures.at(5)
            try await store.updateTenant(renamed)
            #expect(try await store.tenant(id: "ten_1") == renamed)

            await #expect(throws: StorageError.notFound) { try await store.updateTenant(Fixtures.tenant("ten_x")) }
            await #expect(throws: StorageError.notFound) { try await store.deleteTenant(id: "ten_x") }
            try await store.deleteTenant(id: "ten_1")
            #expect(try await store.tenant(id: "ten_1") == nil)
            await #expect(throws: StorageError.notFound) { try await store.deleteTenant(id: "ten_1") }
        }
    }

    @Test(arguments: TestEngine.all)
    func realmsRoundTripBinaryColumnsAndNeedTheirTenant(engine: TestEngine) async throws {
        try await engine.withStore { store in
            await #expect(throws: StorageError.notFound) { try await store.createRealm(Fixtures.realm()) }
            try await store.createTenant(Fixtures.tenant())
            let realm = Fixtures.realm()
            try await store.createRealm(realm)
            #expect(try await store.realm(id: "rlm_1") == realm)
            await #expect(throws: StorageError.alreadyExists) { try await store.createRealm(realm) }

            var changed = realm
            changed.displayName = "Changed"
            changed.sealedCAPrivateKey = Data(repeating: 0xAB, count: 64)
            changed.updatedAt = Fixtures.at(9)
            try await store.updateRealm(changed)
            // Never the sealed CA key: a record read before a master-key rotation would put it back
            // sealed under the old key.
            var updated = changed
            updated.sealedCAPrivateKey = realm.sealedCAPrivateKey
            #expect(try await store.realm(id: "rlm_1") == updated)
            await #expect(throws: StorageError.notFound) { try await store.updateRealm(Fixtures.realm("rlm_x")) }
            await #expect(throws: StorageError.notFound) { try await store.deleteRealm(id: "rlm_x") }
        }
    }

    @Test(arguments: TestEngine.all)
    func aSecretRotationWinsOnlyOverTheSecretItReplacesAndSettingsNeverTouchSecrets(engine: TestEngine) async throws {
        try await engine.withStore { store in
            try await store.seedTree()
            let original = Fixtures.application()
            var rotated = original
            rotated.clientSecretHash = Fixtures.hash("new")
            rotated.previousClientSecretHash = original.clientSecretHash
            rotated.previousClientSecretExpiresAt = Fixtures.at(600)
            // A settings change read before the rotation and written after it keeps the new secret.
            var renamed = original
            renamed.displayName = "Renamed"
            try await store.rotateClientSecret(of: rotated, replacing: try #require(original.clientSecretHash), audit: Fixtures.event())
            try await store.updateApplication(renamed)
            let stored = try #require(try await store.application(id: "app_1"))
            #expect(stored.displayName == "Renamed" && stored.clientSecretHash == Fixtures.hash("new"))
            #expect(stored.previousClientSecretHash == original.clientSecretHash && stored.previousClientSecretExpiresAt == Fixtures.at(600))
            // A second rotation from the same starting point loses, and writes neither secret nor event.
            var late = original
            late.clientSecretHash = Fixtures.hash("late")
            await #expect(throws: StorageError.notFound) {
                try await store.rotateClientSecret(of: late, replacing: try #require(original.clientSecretHash), audit: Fixtures.event())
            }
            #expect(try await store.application(id: "app_1")?.clientSecretHash == Fixtures.hash("new"))
            #expect(try await store.listAuditEvents(tenantID: nil, .init(size: 10)).items.count == 1)
        }
    }

    @Test(arguments: TestEngine.all)
    func applicationsAreFoundByClientIDWhichIsUnique(engine: TestEngine) async throws {
        try await engine.withStore { store in
            try await store.seedTree()
            let application = Fixtures.application()
            #expect(try await store.application(id: "app_1") == application)
            #expect(try await store.application(clientID: "client_1") == application)
            #expect(try await store.application(clientID: "client_x") == nil)

            await #expect(throws: StorageError.alreadyExists) {
                try await store.createApplication(Fixtures.application("app_2", clientID: "client_1"))
            }
            let publicClient = {
                var app = Fixtures.application("app_2", clientID: "client_2")
                app.clientType = .public
                app.tokenEndpointAuthMethod = .none
                app.clientSecretHash = nil
                app.redirectURIs = []
                return app
            }()
            try await store.createApplication(publicClient)
            #expect(try await store.application(clientID: "client_2") == publicClient)

            var moved = publicClient
            moved.clientID = "client_1"
            await #expect(throws: StorageError.alreadyExists) { try await store.updateApplication(moved) }
            moved.clientID = "client_3"
            moved.redirectURIs = ["https://a.example/1", "https://b.example/\"quoted\""]
            moved.allowedScopes = ["openid"]
            moved.idTokenSigningAlgorithm = .rs256
            try await store.updateApplication(moved)
            #expect(try await store.application(id: "app_2") == moved)
            #expect(try await store.application(clientID: "client_2") == nil)

            try await store.deleteApplication(id: "app_2")
            #expect(try await store.application(id: "app_2") == nil)
            await #expect(throws: StorageError.notFound) { try await store.deleteApplication(id: "app_2") }
            await #expect(throws: StorageError.notFound) { try await store.updateApplication(moved) }
        }
    }

    @Test(arguments: TestEngine.all)
    func anOriginIsAllowedOnlyWhereAnApplicationOfTheRealmListsItExactly(engine: TestEngine) async throws {
        try await engine.withStore { store in
            try await store.seedTree()
            try await store.createRealm(Fixtures.realm("rlm_2"))
            var spa = Fixtures.application("app_2", clientID: "client_2")
            spa.allowedOrigins = ["https://spa.example", "http://localhost:5173"]
            try await store.createApplication(spa)

            #expect(try await store.realmAllowsOrigin("https://spa.example", realmID: "rlm_1"))
            #expect(try await store.realmAllowsOrigin("http://localhost:5173", realmID: "rlm_1"))
            // Only exact elements, and only in the application's realm.
            for origin in ["https://spa.example.evil", "https://spa", "spa.example", "https://SPA.example", "%", "\"\"", ","] {
                #expect(try await store.realmAllowsOrigin(origin, realmID: "rlm_1") == false, "\(origin)")
            }
            #expect(try await store.realmAllowsOrigin("https://spa.example", realmID: "rlm_2") == false)
        }
    }

    /// States are stored as strings; one this version does not know (written by a newer one,
    /// or by hand) is reported, never read as some other state.
    @Test(arguments: TestEngine.all)
    func aStoredStateThisVersionDoesNotKnowIsAnError(engine: TestEngine) async throws {
        try await engine.withStore { store in
            try await store.seedTreeWithCredential()
            try await store.run("UPDATE identities SET status = 'archived' WHERE id = 'idn_1'")
            await #expect(throws: StorageError.invalidValue) { try await store.identity(id: "idn_1") }
            await #expect(throws: StorageError.invalidValue) { try await store.credentialStandings(ids: ["crd_1"]) }
        }
    }

    @Test(arguments: TestEngine.all)
    func usernamesAreUniquePerRealm(engine: TestEngine) async throws {
        try await engine.withStore { store in
            try await store.seedTree()
            try await store.createRealm(Fixtures.realm("rlm_2"))
            #expect(try await store.identity(id: "idn_1") == Fixtures.identity())

            await #expect(throws: StorageError.alreadyExists) {
                try await store.createIdentity(Fixtures.identity("idn_2", username: "alice"))
            }
            try await store.createIdentity(Fixtures.identity("idn_2", realm: "rlm_2", username: "alice"))
            try await store.createIdentity(Fixtures.identity("idn_3", username: "bob"))

            var bob = Fixtures.identity("idn_3", username: "alice")
            await #expect(throws: StorageError.alreadyExists) { try await store.updateIdentity(bob) }
            bob.username = "robert"
            bob.email = nil
            bob.status = .suspended
            try await store.updateIdentity(bob)
            #expect(try await store.identity(id: "idn_3") == bob)
            await #expect(throws: StorageError.notFound) { try await store.updateIdentity(Fixtures.identity("idn_x")) }
        }
    }

    @Test(arguments: TestEngine.all)
    func deletingATenantDeletesEverythingUnderIt(engine: TestEngine) async throws {
        try await engine.withStore { store in
            try await store.seedTreeWithCredential()
            try await store.completeAuthentication(now: Fixtures.at(5), code: Fixtures.code())
            try await store.createSigningKey(
                SigningKeyRecord(kid: "kid_1", realmID: "rlm_1", sealedPrivateKey: Data([9]), createdAt: Fixtures.t0, retiredAt: nil))
            // A second tenant that must survive.
            try await store.createTenant(Fixtures.tenant("ten_2"))
            try await store.createRealm(Fixtures.realm("rlm_2", tenant: "ten_2"))

            try await store.deleteTenant(id: "ten_1")

            #expect(try await store.realm(id: "rlm_1") == nil)
            #expect(try await store.application(id: "app_1") == nil)
            #expect(try await store.identity(id: "idn_1") == nil)
            #expect(try await store.credential(id: "crd_1") == nil)
            #expect(try await store.bindingJob(id: "bjb_seed") == nil)
            #expect(try await store.redeemAuthorizationCode(hash: Fixtures.hash("code-1"), now: Fixtures.at(6)) == .notFound)
            #expect(try await store.signingKeys(realmID: "rlm_1").isEmpty)
            #expect(try await store.realm(id: "rlm_2") != nil)
        }
    }

    @Test(arguments: TestEngine.all)
    func deletingAnApplicationDeletesItsCodes(engine: TestEngine) async throws {
        try await engine.withStore { store in
            try await store.seedTreeWithCredential()
            try await store.completeAuthentication(now: Fixtures.at(5), code: Fixtures.code())

            try await store.deleteApplication(id: "app_1")

            #expect(try await store.redeemAuthorizationCode(hash: Fixtures.hash("code-1"), now: Fixtures.at(6)) == .notFound)
            #expect(try await store.identity(id: "idn_1") != nil)
            #expect(try await store.credential(id: "crd_1") != nil)
        }
    }

    @Test(arguments: TestEngine.all)
    func deletingARealmDeletesItsIdentitiesAndCredentials(engine: TestEngine) async throws {
        try await engine.withStore { store in
            try await store.seedTreeWithCredential()
            try await store.deleteRealm(id: "rlm_1")
            #expect(try await store.identity(id: "idn_1") == nil)
            #expect(try await store.credential(id: "crd_1") == nil)
            #expect(try await store.application(clientID: "client_1") == nil)
            #expect(try await store.tenant(id: "ten_1") != nil)
        }
    }

    @Test(arguments: TestEngine.all)
    func standingsCombineCredentialStateAndIdentityStatus(engine: TestEngine) async throws {
        try await engine.withStore { store in
            try await store.seedTreeWithCredential()
            #expect(try await store.credentialStandings(ids: []) == [:])
            #expect(try await store.credentialStandings(ids: ["crd_1", "crd_x"]) == [
                "crd_1": CredentialStanding(credentialState: .active, identityStatus: .active),
            ])
            var identity = Fixtures.identity()
            identity.status = .suspended
            try await store.updateIdentity(identity)
            _ = try await store.revokeCredential(id: "crd_1", at: Fixtures.at(100))
            #expect(try await store.credentialStandings(ids: ["crd_1"]) == [
                "crd_1": CredentialStanding(credentialState: .revoked, identityStatus: .suspended),
            ])
        }
    }

    @Test(arguments: TestEngine.all)
    func aCredentialIsReadWithItsIdentitysStatus(engine: TestEngine) async throws {
        try await engine.withStore { store in
            try await store.seedTreeWithCredential()
            let active = try #require(try await store.credentialWithIdentityStatus(id: "crd_1"))
            #expect(active.credential == Fixtures.credential())
            #expect(active.identityStatus == .active)
            #expect(try await store.credentialWithIdentityStatus(id: "crd_x") == nil)

            var identity = Fixtures.identity()
            identity.status = .suspended
            try await store.updateIdentity(identity)
            let revoked = try await store.revokeCredential(id: "crd_1", at: Fixtures.at(100))
            let after = try #require(try await store.credentialWithIdentityStatus(id: "crd_1"))
            #expect(after.credential == revoked)
            #expect(after.identityStatus == .suspended)
        }
    }

    @Test(arguments: TestEngine.all)
    func revokingACredentialKeepsTheFirstRevocationTime(engine: TestEngine) async throws {
        try await engine.withStore { store in
            try await store.seedTreeWithCredential()
            let first = try await store.revokeCredential(id: "crd_1", at: Fixtures.at(100))
            #expect(first.state == .revoked)
            #expect(first.revokedAt == Fixtures.at(100))
            let second = try await store.revokeCredential(id: "crd_1", at: Fixtures.at(200))
            #expect(second.revokedAt == Fixtures.at(100))
            #expect(try await store.credential(id: "crd_1") == second)
            await #expect(throws: StorageError.notFound) { try await store.revokeCredential(id: "crd_x", at: Fixtures.t0) }
        }
    }

    @Test(arguments: TestEngine.all)
    func signingKeysComeNewestFirstAndKidsAreUnique(engine: TestEngine) async throws {
        try await engine.withStore { store in
            try await store.seedTree()
            let keys = (1...3).map { (n: Int) -> SigningKeyRecord in
                let algorithm: SigningAlgorithm = n == 2 ? .rs256 : .es256
                return SigningKeyRecord(
                    kid: "kid_\(n)", realmID: "rlm_1", algorithm: algorithm, sealedPrivateKey: Data([UInt8(n)]),
                    createdAt: Fixtures.at(Double(n) * 10), retiredAt: n == 1 ? Fixtures.at(35) : nil)
            }
            for key in [keys[1], keys[0], keys[2]] { try await store.createSigningKey(key) }
            #expect(try await store.signingKeys(realmID: "rlm_1") == keys.reversed())
            #expect(try await store.signingKeys(realmID: "rlm_x").isEmpty)
            await #expect(throws: StorageError.alreadyExists) { try await store.createSigningKey(keys[0]) }
        }
    }

    @Test(arguments: TestEngine.all)
    func adminTokensAreFoundByHashAndCounted(engine: TestEngine) async throws {
        try await engine.withStore { store in
            #expect(try await store.adminTokenCount() == 0)
            let token = AdminTokenRecord(tokenHash: Fixtures.hash("admin"), label: "bootstrap", createdAt: Fixtures.t0)
            try await store.createAdminToken(token, audit: Fixtures.event())
            try await store.createAdminToken(
                AdminTokenRecord(tokenHash: Fixtures.hash("ci"), label: "ci", createdAt: Fixtures.t0), audit: Fixtures.event())
            #expect(try await store.adminTokenCount() == 2)
            #expect(try await store.adminToken(hash: Fixtures.hash("admin")) == token)
            #expect(try await store.adminToken(hash: Fixtures.hash("other")) == nil)
            await #expect(throws: StorageError.alreadyExists) { try await store.createAdminToken(token, audit: Fixtures.event()) }
            #expect(try await store.listAuditEvents(tenantID: nil, .init(size: 10)).items.count == 2, "a refused token writes no event")
        }
    }
}
