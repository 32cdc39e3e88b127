import Foundation
import IdentityStorage
import IdentityStorageTestSupport
import Synchronization
import Testing

/// The master key's check value and the re-sealing of every secret under a new key.
@Suite struct MasterKeyTests {
    @Test(arguments: TestEngine.all)
    func theFirstRecordedCheckStands(engine: TestEngine) async throws {
        try await engine.withStore { store async throws in
            #expect(try await store.masterKeyCheck() == nil)
            #expect(try await store.recordMasterKeyCheck(Data([1]), at: Fixtures.at(0)) == Data([1]))
            // A second server with another key finds the first one's value, and changes nothing.
            #expect(try await store.recordMasterKeyCheck(Data([2]), at: Fixtures.at(1)) == Data([1]))
            #expect(try await store.masterKeyCheck() == Data([1]))
        }
    }

    @Test(arguments: TestEngine.all)
    func resealingReplacesEverySecretAndTheCheckTogether(engine: TestEngine) async throws {
        try await engine.withStore { store in
            try await store.seedTree()
            try await store.createRealm(Fixtures.realm("rlm_2"), signingKey: SigningKeyRecord(
                kid: "kid_2", realmID: "rlm_2", sealedPrivateKey: Data([9, 9]), createdAt: Fixtures.at(0), retiredAt: nil))
            _ = try await store.recordMasterKeyCheck(Data("old".utf8), at: Fixtures.at(0))
            let before = try await store.sealedSecrets(limit: nil)
            #expect(Set(before.map(\.owner)) == [
                .realmAuthority(realmID: "rlm_1"), .realmAuthority(realmID: "rlm_2"), .signingKey(kid: "kid_2", realmID: "rlm_2"),
            ])
            #expect(try await store.sealedSecrets(limit: 1).count == 2, "one of each kind")

            let count = try await store.resealSecrets(replacingCheck: Data("old".utf8), with: Data("new".utf8), at: Fixtures.at(5)) {
                Data("new:".utf8) + $0.sealed
            }
            #expect(count == 3)
            #expect(try await store.masterKeyCheck() == Data("new".utf8))
            let after = try await store.sealedSecrets(limit: nil)
            #expect(after.map(\.sealed) == before.map { Data("new:".utf8) + $0.sealed })
            #expect(try await store.realm(id: "rlm_1")?.sealedCAPrivateKey == Data("new:".utf8) + Fixtures.realm().sealedCAPrivateKey)
        }
    }

    /// A rotation that started from another key, or failed half-way, leaves every secret and
    /// the check value as they were.
    @Test(arguments: TestEngine.all)
    func aFailedResealingChangesNothing(engine: TestEngine) async throws {
        try await engine.withStore { store in
            try await store.seedTree()
            try await store.createRealm(Fixtures.realm("rlm_2"), signingKey: nil)
            _ = try await store.recordMasterKeyCheck(Data("old".utf8), at: Fixtures.at(0))
            let before = try await store.sealedSecrets(limit: nil)

            await #expect(throws: StorageError.notFound) {
                try await store.resealSecrets(replacingCheck: Data("other".utf8), with: Data("new".utf8), at: Fixtures.at(5)) { $0.sealed }
            }
            struct Unsealable: Error {}
            await #expect(throws: Unsealable.self) {
                try await store.resealSecrets(replacingCheck: Data("old".utf8), with: Data("new".utf8), at: Fixtures.at(5)) { secret in
                    guard secret.owner != .realmAuthority(realmID: "rlm_2") else { throw Unsealable() }
                    return Data("new:".utf8) + secret.sealed
                }
            }
            #expect(try await store.sealedSecrets(limit: nil) == before)
            #expect(try await store.masterKeyCheck() == Data("old".utf8))
        }
    }

    /// Another process re-seals every secret under a new key while a server runs (issue 32): the
    /// server, still holding the old key, writes no sealed secret afterwards (a realm, a signing
    /// key, a rotation), nor puts one back through a realm's update; what it may write without
    /// sealing still works.
    @Test(arguments: TestEngine.all)
    func aStoreWhoseMasterKeyWasRotatedElsewhereWritesNoSealedSecret(engine: TestEngine) async throws {
        try await engine.withTwoStores { stale, rotating in
            try await stale.migrate()
            try await stale.seedTree()
            _ = try await stale.recordMasterKeyCheck(Data("old".utf8), at: Fixtures.at(0))
            stale.sealOnlyUnder(masterKeyCheck: Data("old".utf8))
            let key = { (kid: String) in
                SigningKeyRecord(kid: kid, realmID: "rlm_1", sealedPrivateKey: Data([1]), createdAt: Fixtures.at(1), retiredAt: nil)
            }
            try await stale.createSigningKey(key("kid_before"))
            let realm = try #require(try await stale.realm(id: "rlm_1"))

            _ = try await rotating.resealSecrets(replacingCheck: Data("old".utf8), with: Data("new".utf8), at: Fixtures.at(2)) {
                Data("new:".utf8) + $0.sealed
            }
            let resealed = try await rotating.sealedSecrets(limit: nil)
            let events = try await rotating.listAuditEvents(tenantID: nil, PageRequest(size: 100)).items.count

            let created = AuditEventRecord(id: "evt_stale", occurredAt: Fixtures.at(3), type: "admin.realm.created", tenantID: "ten_1", realmID: "rlm_2", subjectID: "rlm_2", detailJSON: "{}")
            await #expect(throws: StorageError.staleMasterKey) {
                try await stale.createRealm(Fixtures.realm("rlm_2"), signingKey: key("kid_2"), audit: created)
            }
            await #expect(throws: StorageError.staleMasterKey) { try await stale.createSigningKey(key("kid_3")) }
            await #expect(throws: StorageError.staleMasterKey) { _ = try await stale.rotateSigningKey(to: key("kid_4"), ifNewestActivatedBefore: .distantFuture) }
            var renamed = realm
            renamed.displayName = "Renamed"
            try await stale.updateRealm(renamed)

            #expect(try await rotating.sealedSecrets(limit: nil) == resealed, "nothing sealed under the old key")
            #expect(try await rotating.listAuditEvents(tenantID: nil, PageRequest(size: 100)).items.count == events)
            #expect(try await rotating.realm(id: "rlm_2") == nil)
            #expect(try await rotating.realm(id: "rlm_1")?.displayName == "Renamed")
            // Told the new key, it writes again.
            stale.sealOnlyUnder(masterKeyCheck: Data("new".utf8))
            try await stale.createSigningKey(key("kid_5"))
        }
    }

    /// A realm created while another process re-seals (issue 32): it waits for the rotation and is
    /// then refused (PostgreSQL: the rotation's table lock; SQLite: its write lock), never written
    /// under the old key after the rotation has re-sealed everything else.
    @Test(arguments: TestEngine.all)
    func aRealmCreatedDuringARotationIsRefusedNotSealedUnderTheOldKey(engine: TestEngine) async throws {
        try await engine.withTwoStores { stale, rotating in
            try await stale.migrate()
            try await stale.seedTree()
            _ = try await stale.recordMasterKeyCheck(Data("old".utf8), at: Fixtures.at(0))
            stale.sealOnlyUnder(masterKeyCheck: Data("old".utf8))
            let creating = Mutex<Task<Void, any Error>?>(nil)
            _ = try await rotating.resealSecrets(replacingCheck: Data("old".utf8), with: Data("new".utf8), at: Fixtures.at(2)) { secret in
                // In the rotation's transaction: the stale store starts a realm, which has time to
                // reach the database before the rotation commits.
                let started = creating.withLock { task in
                    guard task == nil else { return false }
                    task = Task { try await stale.createRealm(Fixtures.realm("rlm_2"), signingKey: nil) }
                    return true
                }
                if started { usleep(300_000) }
                return Data("new:".utf8) + secret.sealed
            }
            let task = try #require(creating.withLock { $0 })
            await #expect(throws: StorageError.staleMasterKey) { try await task.value }
            #expect(try await rotating.realm(id: "rlm_2") == nil)
        }
    }
}
