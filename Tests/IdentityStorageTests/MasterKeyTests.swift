import Foundation
@testable import IdentityStorage
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
}
