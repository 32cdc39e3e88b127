import Foundation
import IdentityStorage
import Testing

/// SCIM users in storage: an identity and its `scim_users` row written together, read back
/// joined, listed per realm without the deleted, updated only at the expected version; both engines.
@Suite struct SCIMUserStorageTests {
    @Test(arguments: TestEngine.all) func usersAreWrittenWithTheirIdentitiesAtAVersion(engine: TestEngine) async throws {
        try await engine.withStore { store in
            try await store.seedTree()
            // An identity the SCIM service never wrote: version 0, nothing kept.
            #expect(try await store.scimUser(identityID: "idn_1") == SCIMUserRecord(identity: Fixtures.identity()))
            #expect(try await store.scimUser(identityID: "idn_none") == nil)

            let bob = SCIMUserRecord(
                identity: Fixtures.identity("idn_2", username: "bob"), externalID: "e-2", attributesJSON: #"{"title":"Dr"}"#, version: 1)
            try await store.createSCIMUser(bob, enrolling: nil, audit: nil)
            #expect(try await store.scimUser(identityID: "idn_2") == bob)
            await #expect(throws: StorageError.alreadyExists) {
                try await store.createSCIMUser(SCIMUserRecord(identity: Fixtures.identity("idn_3", username: "bob")), enrolling: nil, audit: nil)
            }
            #expect(try await store.scimUser(identityID: "idn_3") == nil)

            // Updated at the version read; a stale version changes nothing.
            var changed = bob
            changed.identity.status = .suspended
            changed.externalID = nil
            changed.version = 2
            await #expect(throws: StorageError.notFound) {
                try await store.updateSCIMUser(changed, expectedVersion: 5, revokingCredentialsAt: nil, audit: nil)
            }
            try await store.updateSCIMUser(changed, expectedVersion: 1, revokingCredentialsAt: nil, audit: nil)
            #expect(try await store.scimUser(identityID: "idn_2") == changed)

            // An identity without a row gets one at its first update.
            var alice = SCIMUserRecord(identity: Fixtures.identity(), externalID: "e-1", version: 1)
            alice.identity.displayName = "Alice L."
            try await store.updateSCIMUser(alice, expectedVersion: 0, revokingCredentialsAt: nil, audit: nil)
            #expect(try await store.scimUser(identityID: "idn_1") == alice)
            await #expect(throws: StorageError.notFound) {
                try await store.updateSCIMUser(alice, expectedVersion: 0, revokingCredentialsAt: nil, audit: nil)
            }

            // A deletion revokes the credentials; the deleted are not listed.
            try await store.bind(Fixtures.credential(identity: "idn_2"))
            var deleted = changed
            deleted.identity.status = .deleted
            deleted.version = 3
            try await store.updateSCIMUser(deleted, expectedVersion: 2, revokingCredentialsAt: Fixtures.at(5), audit: nil)
            #expect(try await store.credential(id: "crd_1")?.state == .revoked)
            #expect(try await store.listSCIMUsers(realmID: "rlm_1").map(\.id) == ["idn_1"])
            #expect(try await store.listSCIMUsers(realmID: "rlm_2").isEmpty)
        }
    }

    /// A directory's changes reach webhooks as the admin API's do: created, updated, suspended, deleted.
    @Test(arguments: TestEngine.all) func scimChangesBecomeIdentityWebhookEvents(engine: TestEngine) async throws {
        try await engine.withStore { store in
            try await store.seedTree()
            try await store.createWebhookEndpoint(WebhookOutboxTests.endpoint("whe_a", types: [
                "identity.created", "identity.updated", "identity.suspended", "identity.deleted",
            ]), audit: nil)
            let events: [(String, String)] = [
                ("scim.user.created", #"{"provisioning_token_id":"p"}"#),
                ("scim.user.updated", #"{"provisioning_token_id":"p"}"#),
                ("scim.user.updated", #"{"provisioning_token_id":"p","status":"suspended"}"#),
                ("scim.user.updated", #"{"provisioning_token_id":"p","status":"active"}"#),
                ("scim.user.deleted", #"{"provisioning_token_id":"p","status":"deleted"}"#),
            ]
            for (index, (type, detail)) in events.enumerated() {
                try await store.appendAuditEvent(WebhookOutboxTests.event(type, detail: detail, at: TimeInterval(index)))
            }
            let types = try await WebhookOutboxTests.deliveries(store, "whe_a").map(\.eventType)
            #expect(types == ["identity.created", "identity.updated", "identity.suspended", "identity.updated", "identity.deleted"])
        }
    }
}
