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
            #expect(try await store.scimUsers(realmID: "rlm_1", matching: nil, offset: 0, limit: 10).items.map(\.id) == ["idn_1"])
            #expect(try await store.scimUsers(realmID: "rlm_2", matching: nil, offset: 0, limit: 10).total == 0)
        }
    }

    /// Lists are filtered and paged in the query: each comparison as SCIM means it (text
    /// case-insensitively, `ne` true of a missing value, `co`'s wildcards taken literally), the
    /// total over every page.
    @Test(arguments: TestEngine.all) func listsAreFilteredAndPagedInTheQuery(engine: TestEngine) async throws {
        try await engine.withStore { store in
            try await store.seedTree()
            for (index, name) in ["ann", "Bob", "b_x", "bea"].enumerated() {
                var identity = Fixtures.identity("idn_u\(index)", username: name)
                identity.createdAt = Fixtures.at(100 + Double(index))
                identity.email = index == 3 ? nil : "\(name.lowercased())@example.com"
                identity.status = index == 1 ? .suspended : .active
                try await store.createSCIMUser(
                    SCIMUserRecord(identity: identity, externalID: index == 0 ? nil : "e-\(index)", version: 1), enrolling: nil, audit: nil)
            }
            func names(_ condition: DirectoryCondition<SCIMUserField>?, offset: Int = 0, limit: Int = 10) async throws -> [String] {
                try await store.scimUsers(realmID: "rlm_1", matching: condition, offset: offset, limit: limit).items.map(\.identity.username)
            }
            #expect(try await names(.compare(.userName, .eq, .text("BOB"))) == ["Bob"])
            #expect(try await names(.compare(.userName, .sw, .text("b"))) == ["Bob", "b_x", "bea"])
            #expect(try await names(.compare(.userName, .co, .text("_"))) == ["b_x"])
            #expect(try await names(.compare(.externalID, .ne, .text("e-1"))) == ["alice", "ann", "b_x", "bea"])
            #expect(try await names(.not(.present(.email))) == ["bea"])
            #expect(try await names(.compare(.active, .eq, .bool(false))) == ["Bob"])
            #expect(try await names(.or(.compare(.userName, .eq, .text("ann")), .and(.present(.externalID), .compare(.active, .eq, .bool(false))))) == ["ann", "Bob"])
            #expect(try await names(.compare(.created, .ge, .date(Fixtures.at(102)))) == ["b_x", "bea"])
            #expect(try await names(.compare(.created, .co, .text("1"))) == [])  // a value that does not fit: nothing
            let page = try await store.scimUsers(realmID: "rlm_1", matching: .compare(.userName, .ne, .text("ann")), offset: 1, limit: 2)
            #expect(page.total == 4 && page.items.map(\.identity.username) == ["Bob", "b_x"])
            #expect(try await names(nil, offset: 1, limit: 2) == ["ann", "Bob"])
            #expect(try await store.scimUsers(realmID: "rlm_1", matching: nil, offset: 50, limit: 2).total == 5)

            // Letters beyond ASCII: the value as sent always matches (SQLite's lower() folds ASCII only).
            var angstrom = Fixtures.identity("idn_u9", username: "ÄNGSTRÖM")
            angstrom.createdAt = Fixtures.at(200)
            try await store.createSCIMUser(SCIMUserRecord(identity: angstrom, version: 1), enrolling: nil, audit: nil)
            #expect(try await names(.compare(.userName, .eq, .text("ÄNGSTRÖM"))) == ["ÄNGSTRÖM"])
            #expect(try await names(.compare(.userName, .sw, .text("ÄNG"))) == ["ÄNGSTRÖM"])
            #expect(try await names(.compare(.userName, .co, .text("ngstr"))) == ["ÄNGSTRÖM"])
            #expect(try await names(.not(.compare(.userName, .ne, .text("ÄNGSTRÖM")))) == ["ÄNGSTRÖM"])
        }
    }

    /// A directory's changes reach webhooks as the admin API's do: created, updated, suspended, deleted.
    @Test(arguments: TestEngine.all) func scimChangesBecomeIdentityWebhookEvents(engine: TestEngine) async throws {
        try await engine.withStore { store in
            try await store.seedTree()
            try await store.createWebhookEndpoint(WebhookQueueTests.endpoint("whe_a", types: [
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
                try await store.appendAuditEvent(WebhookQueueTests.event(type, detail: detail, at: TimeInterval(index)))
            }
            let types = try await WebhookQueueTests.deliveries(store, "whe_a").map(\.eventType)
            #expect(types == ["identity.created", "identity.updated", "identity.suspended", "identity.updated", "identity.deleted"])
        }
    }
}
