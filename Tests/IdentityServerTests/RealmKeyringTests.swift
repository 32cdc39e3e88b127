import Foundation
import IdentityStorage
import Testing

@testable import IdentityServer

/// Keys are written with their realm, never by a request that only reads (issue 14 #12).
@Suite struct RealmKeyringTests {
    @Test func aRealmComesWithItsSigningKey() async throws {
        try await ServiceFixture.with { (fixture: ServiceFixture) async throws in
            let realm = try await fixture.seedRealm()
            let keys = try await fixture.store.signingKeys(realmID: realm.realmID)
            #expect(keys.count == 1 && keys.first?.algorithm == .es256 && keys.first?.retiredAt == nil)
            // Reading the JWKS uses that key and writes nothing.
            let signer = try await fixture.keyring.signer(realmID: realm.realmID)
            #expect(signer.activeKIDs[.es256] == keys.first?.kid)
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
            #expect(try await fixture.keyring.signer(realmID: "rlm_old").activeKIDs[.es256] != nil)
            #expect(try await fixture.keyring.createMissingSigningKeys() == 0)
        }
    }
}
