import Foundation
import IdentityStorage
import IdentityStorageTestSupport
import JWTKit
import Synchronization
import Testing

import IdentityServerCore
import RealmKeys
import ServerTestSupport

/// Keys are written with their realm, never by a request that only reads (issue 14 #12).
@Suite struct RealmKeyringTests {
    @Test func aRealmComesWithItsSigningKey() async throws {
        try await ServiceFixture.with { (fixture: ServiceFixture) async throws in
            let realm = try await fixture.seedRealm()
            let keys = try await fixture.store.signingKeys(realmID: realm.realmID)
            #expect(keys.count == 1 && keys.first?.algorithm == .es256 && keys.first?.retiredAt == nil)
            // Reading the JWKS uses that key and writes nothing.
            let signer = try await fixture.keyring.signer(realmID: realm.realmID)
            #expect(signer.activeKey(.es256)?.kid == keys.first?.kid)
            #expect(try await fixture.store.signingKeys(realmID: realm.realmID) == keys)
        }
    }

    @Test func realmsFromBeforeGetTheirKeyAtStartUpAndReadsNeverCreateOne() async throws {
        try await ServiceFixture.with { (fixture: ServiceFixture) async throws in
            let seeded = try await fixture.seedRealm()
            let old = try #require(try await fixture.store.realm(id: seeded.realmID))
            var keyless = old
            keyless.id = "rlm_old"
            try await fixture.store.createRealm(keyless)
            #expect(try await fixture.store.realmIDsWithoutSigningKey() == ["rlm_old"])
            await #expect(throws: RealmSigner.SignerError.noActiveKey) { try await fixture.keyring.signer(realmID: "rlm_old") }
            #expect(try await fixture.store.signingKeys(realmID: "rlm_old").isEmpty)

            #expect(try await fixture.keyring.createMissingSigningKeys() == 1)
            #expect(try await fixture.store.realmIDsWithoutSigningKey().isEmpty)
            #expect(try await fixture.keyring.signer(realmID: "rlm_old").activeKey(.es256) != nil)
            #expect(try await fixture.keyring.createMissingSigningKeys() == 0)
        }
    }

    /// Rotation through the keyring and the store: scheduled by age, published ahead, seen at
    /// once by every keyring of the store that announced it, and by another process's keyring
    /// (which hears nothing from a SQLite store) once it refreshes (its cache lives
    /// ``RealmKeyring/refreshInterval``).
    @Test func keysRotateOnScheduleAndOtherInstancesFollow() async throws {
        try await ServiceFixture.with { (fixture: ServiceFixture) async throws in
            let realm = try await fixture.seedRealm()
            try await fixture.withAnotherStore { store in
                let sameStore = RealmKeyring(store: fixture.store, sealer: fixture.sealer, tokenLifetime: 3600, now: fixture.now)
                let other = RealmKeyring(store: store, sealer: fixture.sealer, tokenLifetime: 3600, now: fixture.now)
                let first = try #require(try await other.signer(realmID: realm.realmID).activeKey(.es256)?.kid)
                _ = try await sameStore.signer(realmID: realm.realmID)
                #expect(try await fixture.keyring.rotateKeys(activatedBefore: fixture.clock.now() - 86_400, prepublication: 3600).isEmpty)

                fixture.clock.advance(by: 86_401)
                _ = try await other.signer(realmID: realm.realmID)
                _ = try await sameStore.signer(realmID: realm.realmID)
                let rotated = try await fixture.keyring.rotateKeys(activatedBefore: fixture.clock.now() - 86_400, prepublication: 3600)
                #expect(rotated.map(\.realmID) == [realm.realmID])
                let next = try #require(rotated.first?.kid)
                #expect(try await fixture.keyring.rotateKeys(activatedBefore: fixture.clock.now() - 86_400, prepublication: 3600).isEmpty, "not twice")
                // Published at once here, still signing with the first key.
                let here = try await fixture.keyring.signer(realmID: realm.realmID)
                #expect(here.activeKey(.es256)?.kid == first)
                #expect(String(decoding: try here.jwksJSON, as: UTF8.self).contains(next))
                #expect(String(decoding: try await sameStore.signer(realmID: realm.realmID).jwksJSON, as: UTF8.self).contains(next))

                // The other process learns of it within its refresh interval, well before it signs.
                #expect(!String(decoding: try await other.signer(realmID: realm.realmID).jwksJSON, as: UTF8.self).contains(next))
                fixture.clock.advance(by: RealmKeyring.refreshInterval)
                #expect(String(decoding: try await other.signer(realmID: realm.realmID).jwksJSON, as: UTF8.self).contains(next))
                fixture.clock.advance(by: 3600)
                #expect(try await other.signer(realmID: realm.realmID).activeKey(.es256)?.kid == next)
                #expect(try await fixture.store.signingKeys(realmID: realm.realmID).first { $0.kid == first }?.retiredAt != nil)
            }
        }
    }

    /// Instances rotating on schedule at once (hydra#3863, where racing instances each made a
    /// key): the store serialises them, and the realm is due no more once the first has rotated,
    /// so one successor is published, whichever instance made it.
    @Test func instancesRotatingAtOnceAddOneKey() async throws {
        try await ServiceFixture.with { (fixture: ServiceFixture) async throws in
            let realm = try await fixture.seedRealm()
            fixture.clock.advance(by: 86_401)
            let keyrings = (0..<4).map { _ in RealmKeyring(store: fixture.store, sealer: fixture.sealer, now: fixture.now) }
            let cutoff = fixture.clock.now() - 86_400
            let rotated = try await withThrowingTaskGroup(of: Int.self) { group in
                for keyring in keyrings {
                    group.addTask { try await keyring.rotateKeys(activatedBefore: cutoff, prepublication: 3600).count }
                }
                return try await group.reduce(0, +)
            }
            #expect(rotated == 1)
            let keys = try await fixture.store.signingKeys(realmID: realm.realmID)
            #expect(keys.count == 2 && keys.filter { $0.retiredAt == nil }.count == 1, "\(keys)")
        }
    }

    /// Only the most recently used realms' keys stay in memory (issue 17): an evicted realm's
    /// tokens still verify after its keys are read again, and what is read again is what the
    /// database holds now, not what was cached (here a key another instance put in at once).
    @Test func leastRecentlyUsedRealmsAreEvictedAndReloadedFresh() async throws {
        try await ServiceFixture.with { (fixture: ServiceFixture) async throws in
            let (a, b, c) = (try await fixture.seedRealm(), try await fixture.seedRealm(), try await fixture.seedRealm())
            let keyring = RealmKeyring(store: fixture.store, sealer: fixture.sealer, capacity: 2, now: fixture.now)
            let token = try await keyring.signer(realmID: a.realmID).sign(RealmSignerTests.Claims(sub: "ada"), type: "at+jwt")
            let first = try #require(try await keyring.signer(realmID: a.realmID).activeKey(.es256)?.kid)
            // Another process replaces a's key at once (a key believed compromised).
            var next: String?
            try await fixture.withAnotherStore { store in
                let other = RealmKeyring(store: store, sealer: fixture.sealer, now: fixture.now)
                next = try await other.rotate(realmID: a.realmID, .es256, prepublication: 0)
            }
            #expect(try await keyring.signer(realmID: a.realmID).activeKey(.es256)?.kid == first, "cached: the refresh interval has not passed")

            _ = try await keyring.signer(realmID: b.realmID)
            _ = try await keyring.signer(realmID: c.realmID)
            #expect(try await keyring.signer(realmID: a.realmID).activeKey(.es256)?.kid == next, "evicted, so read again")
            let verified = try await keyring.verify(token, as: RealmSignerTests.Claims.self, type: "at+jwt", realmID: a.realmID)
            #expect(verified == RealmSignerTests.Claims(sub: "ada"), "the retired key still verifies what it signed")
            #expect(next != nil && first != next)

            // Root certificates too; the CA private key is unsealed per use and never kept.
            let realm = try #require(try await fixture.store.realm(id: a.realmID))
            let root = try await keyring.root(of: realm)
            let authority = try await keyring.authority(of: realm)
            #expect(authority.certificate == root.certificate && authority.root.certificate == root.certificate)
        }
    }

    /// A load of a realm's keys that fails after a newer load has taken its place (a refresh, a
    /// rotation, an unknown kid) removes only its own entry, not the newer one's (the fix of
    /// 3ac439a, "a failed signer load removes only its own entry"): the newer keys stay cached.
    @Test func aFailedLoadLeavesTheLoadThatReplacedItCached() async throws {
        try await ServiceFixture.with { (fixture: ServiceFixture) async throws in
            let realm = try await fixture.seedRealm()
            let reads = Mutex(0)
            let (firstReadStarted, started) = AsyncStream.makeStream(of: Void.self)
            let (firstReadEnds, end) = AsyncStream.makeStream(of: Void.self)
            let keyring = RealmKeyring(store: fixture.store, sealer: fixture.sealer, now: fixture.now) { [store = fixture.store] realmID in
                guard reads.withLock({ $0 += 1; return $0 }) == 1 else { return try await store.signingKeys(realmID: realmID) }
                // The first read is slow, then fails (the database went away for a moment).
                started.yield()
                for await _ in firstReadEnds {}
                throw StorageError.unavailable
            }
            let first = Task { try await keyring.signer(realmID: realm.realmID) }
            for await _ in firstReadStarted { break }
            // Its refresh interval over, a second request loads the keys again meanwhile.
            fixture.clock.advance(by: RealmKeyring.refreshInterval)
            let second = try await keyring.signer(realmID: realm.realmID)
            end.finish()
            await #expect(throws: StorageError.unavailable) { try await first.value }

            let third = try await keyring.signer(realmID: realm.realmID)
            #expect(third.activeKey(.es256)?.kid == second.activeKey(.es256)?.kid)
            #expect(reads.withLock { $0 } == 2, "the second load is still cached: read no third time")
        }
    }
}
