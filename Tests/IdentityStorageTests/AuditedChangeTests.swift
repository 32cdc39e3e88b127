import Foundation
import IdentityStorage
import IdentityStorageTestSupport
import Testing

/// An administrator's change and the audit event that records it commit together or not at
/// all (issue 32): when the event cannot be written (here: its id is taken), the change is not
/// there either.
@Suite struct AuditedChangeTests {
    /// An event whose insert fails: its id is already in the log.
    private static func clashing(_ store: any IdentityStore) async throws -> AuditEventRecord {
        let event = Fixtures.event()
        try await store.appendAuditEvent(event)
        return event
    }

    @Test(arguments: TestEngine.all)
    func aChangeWhoseEventFailsLeavesNothing(engine: TestEngine) async throws {
        try await engine.withStore { store in
            try await store.seedTree()
            let clash = try await Self.clashing(store)

            await #expect(throws: StorageError.alreadyExists) { try await store.createTenant(Fixtures.tenant("ten_2"), audit: clash) }
            #expect(try await store.tenant(id: "ten_2") == nil)

            var renamed = Fixtures.tenant()
            renamed.displayName = "Renamed"
            await #expect(throws: StorageError.alreadyExists) { try await store.updateTenant(renamed, audit: clash) }
            #expect(try await store.tenant(id: "ten_1")?.displayName == "Tenant")

            await #expect(throws: StorageError.alreadyExists) { try await store.createRealm(Fixtures.realm("rlm_2"), signingKey: nil, audit: clash) }
            #expect(try await store.realm(id: "rlm_2") == nil)

            await #expect(throws: StorageError.alreadyExists) {
                try await store.createApplication(Fixtures.application("app_2", clientID: "c-2"), audit: clash)
            }
            #expect(try await store.application(id: "app_2") == nil)

            await #expect(throws: StorageError.alreadyExists) { try await store.createIdentity(Fixtures.identity("idn_2", username: "u2"), audit: clash) }
            #expect(try await store.identity(id: "idn_2") == nil)

            try await store.bind(Fixtures.credential())
            var deleted = try #require(try await store.identity(id: "idn_1"))
            deleted.status = .deleted
            await #expect(throws: StorageError.alreadyExists) {
                try await store.updateIdentity(deleted, revokingCredentialsAt: Fixtures.at(5), audit: clash)
            }
            #expect(try await store.identity(id: "idn_1")?.status == .active)
            #expect(try await store.credential(id: "crd_1")?.state == .active, "nor its credentials revoked")

            await #expect(throws: StorageError.alreadyExists) { _ = try await store.revokeCredential(id: "crd_1", at: Fixtures.at(5), audit: clash) }
            #expect(try await store.credential(id: "crd_1")?.state == .active)

            await #expect(throws: StorageError.alreadyExists) { try await store.createBindingJob(Fixtures.bindingJob("bjb_2"), audit: clash) }
            #expect(try await store.bindingJob(id: "bjb_2") == nil)

            await #expect(throws: StorageError.alreadyExists) { try await store.deleteRealm(id: "rlm_1", audit: clash) }
            #expect(try await store.realm(id: "rlm_1") != nil)
            await #expect(throws: StorageError.alreadyExists) { try await store.deleteTenant(id: "ten_1", audit: clash) }
            #expect(try await store.tenant(id: "ten_1") != nil)
            #expect(try await store.realm(id: "rlm_1") != nil)
        }
    }

    @Test(arguments: TestEngine.all)
    func aDeletedIdentitysCredentialsAreRevokedWithItAndATenantsDeletionNamesItsRealms(engine: TestEngine) async throws {
        try await engine.withStore { store in
            try await store.seedTree()
            try await store.createRealm(Fixtures.realm("rlm_0"))
            try await store.bind(Fixtures.credential())
            var deleted = try #require(try await store.identity(id: "idn_1"))
            deleted.status = .deleted
            let event = Fixtures.event("admin.identity.deleted")
            try await store.updateIdentity(deleted, revokingCredentialsAt: Fixtures.at(5), audit: event)
            let credential = try #require(try await store.credential(id: "crd_1"))
            #expect(credential.state == .revoked && credential.revokedAt == Fixtures.at(5))

            // A second revocation changes nothing and records nothing.
            let again = Fixtures.event("credential.revoked")
            #expect(try await store.revokeCredential(id: "crd_1", at: Fixtures.at(9), audit: again).revokedAt == Fixtures.at(5))
            let events = try await store.listAuditEvents(tenantID: nil, PageRequest(size: 100)).items.map(\.id)
            #expect(events.contains(event.id) && !events.contains(again.id))

            #expect(try await store.deleteTenant(id: "ten_1", audit: Fixtures.event()).sorted() == ["rlm_0", "rlm_1"])
        }
    }
}
