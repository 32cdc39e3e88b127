import Foundation
import IdentityStorage
import IdentityStorageTestSupport
import Testing

/// Provisioning tokens in storage: found by hash and id, listed per realm, revoked once, gone
/// with their realm; both engines.
@Suite struct ProvisioningTokenStorageTests {
    static func token(_ secret: String, realm: String = "rlm_1") -> ProvisioningTokenRecord {
        ProvisioningTokenRecord(
            tokenHash: Fixtures.hash(secret), label: "label-\(secret)", tenantID: "ten_1", realmID: realm, createdAt: Fixtures.t0,
            expiresAt: Fixtures.at(3600))
    }

    @Test(arguments: TestEngine.all) func tokensAreKeptByHashListedPerRealmAndRevokedOnce(engine: TestEngine) async throws {
        try await engine.withStore { store in
            try await store.seedTree()
            try await store.createRealm(Fixtures.realm("rlm_2"))
            let first = Self.token("one"), second = Self.token("two", realm: "rlm_2")
            try await store.createProvisioningToken(first, audit: nil)
            try await store.createProvisioningToken(second, audit: nil)
            await #expect(throws: StorageError.alreadyExists) { try await store.createProvisioningToken(first, audit: nil) }
            await #expect(throws: StorageError.notFound) {
                try await store.createProvisioningToken(Self.token("three", realm: "rlm_none"), audit: nil)
            }
            #expect(try await store.provisioningToken(hash: Fixtures.hash("one")) == first)
            #expect(try await store.provisioningToken(id: second.id) == second)
            #expect(try await store.listProvisioningTokens(realmID: "rlm_1", PageRequest()).items == [first])
            #expect(first.isActive(at: Fixtures.at(3599)) && !first.isActive(at: Fixtures.at(3600)))

            let revoked = try await store.revokeProvisioningToken(id: first.id, at: Fixtures.at(10), audit: nil)
            #expect(revoked.revokedAt == Fixtures.at(10) && !revoked.isActive(at: Fixtures.at(11)))
            await #expect(throws: StorageError.notFound) {
                try await store.revokeProvisioningToken(id: first.id, at: Fixtures.at(20), audit: nil)
            }
            #expect(try await store.provisioningToken(id: first.id)?.revokedAt == Fixtures.at(10))

            try await store.deleteRealm(id: "rlm_2")
            #expect(try await store.provisioningToken(id: second.id) == nil)
        }
    }
}
