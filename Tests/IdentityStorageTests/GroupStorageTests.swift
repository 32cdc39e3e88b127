import Foundation
import IdentityStorage
import IdentityStorageTestSupport
import Testing

/// A realm's groups in storage: written with their members, renamed and re-membered only at the
/// expected version, names unique per realm, deleted identities no members; both engines.
@Suite struct GroupStorageTests {
    static func group(
        _ id: String, _ name: String, members: [String] = [], realm: String = "rlm_1", created: TimeInterval = 1
    ) -> IdentityGroupRecord {
        IdentityGroupRecord(
            id: id, tenantID: "ten_1", realmID: realm, displayName: name, externalID: "ext-\(id)", memberIDs: members,
            createdAt: Fixtures.at(created), updatedAt: Fixtures.at(created))
    }

    @Test(arguments: TestEngine.all) func groupsKeepTheirMembersAtAVersion(engine: TestEngine) async throws {
        try await engine.withStore { store in
            try await store.seedTree()
            try await store.createIdentity(Fixtures.identity("idn_2", username: "bob"))
            let admins = Self.group("grp_1", "admins", members: ["idn_2", "idn_1", "idn_2"])
            #expect(admins.memberIDs == ["idn_1", "idn_2"])
            try await store.createGroup(admins, audit: nil)
            #expect(try await store.group(id: "grp_1") == admins)
            #expect(try await store.group(id: "grp_none") == nil)

            // Names are unique per realm; a member must be an identity; neither leaves anything behind.
            await #expect(throws: StorageError.alreadyExists) { try await store.createGroup(Self.group("grp_2", "admins"), audit: nil) }
            await #expect(throws: StorageError.notFound) {
                try await store.createGroup(Self.group("grp_3", "ghosts", members: ["idn_none"]), audit: nil)
            }
            #expect(try await store.group(id: "grp_3") == nil)
            try await store.createGroup(Self.group("grp_4", "staff", members: ["idn_1"]), audit: nil)
            #expect(try await store.groups(ofIdentity: "idn_1", limit: 10) == [
                GroupMembership(groupID: "grp_1", displayName: "admins"), GroupMembership(groupID: "grp_4", displayName: "staff"),
            ])
            #expect(try await store.groups(ofIdentity: "idn_1", limit: 1).map(\.displayName) == ["admins"], "the first by name")

            // Updated at the version read: renamed and re-membered together; a stale version changes nothing.
            var renamed = admins
            renamed.displayName = "operators"
            renamed.memberIDs = ["idn_2"]
            renamed.version = 2
            await #expect(throws: StorageError.notFound) { try await store.updateGroup(renamed, expectedVersion: 7, audit: nil) }
            #expect(try await store.group(id: "grp_1") == admins)
            var clash = renamed
            clash.displayName = "staff"
            await #expect(throws: StorageError.alreadyExists) { try await store.updateGroup(clash, expectedVersion: 1, audit: nil) }
            try await store.updateGroup(renamed, expectedVersion: 1, audit: nil)
            #expect(try await store.group(id: "grp_1") == renamed)
            #expect(try await store.groups(ofIdentity: "idn_1", limit: 10).map(\.displayName) == ["staff"])
            #expect(try await store.groups(ofIdentity: "idn_2", limit: 10).map(\.displayName) == ["operators"])

            // A deleted identity is no member any more; the list shows every group with its members.
            var bob = try #require(try await store.identity(id: "idn_2"))
            bob.status = .deleted
            try await store.updateIdentity(bob, revokingCredentialsAt: nil, audit: nil)
            #expect(try await store.group(id: "grp_1")?.memberIDs == [])
            let listed = try await store.groups(realmID: "rlm_1", matching: nil, offset: 0, limit: 10, memberLimit: 10)
            #expect(listed.items.map { "\($0.displayName):\($0.memberIDs)" } == ["operators:[]", "staff:[\"idn_1\"]"])
            #expect(try await store.groups(realmID: "rlm_1", matching: .present(.member), offset: 0, limit: 10, memberLimit: 10)
                .items.map(\.displayName) == ["staff"])
            #expect(try await store.groups(realmID: "rlm_1", matching: .compare(.member, .eq, .text("idn_2")), offset: 0, limit: 10,
                                           memberLimit: 10).total == 0)
            #expect(try await store.groups(realmID: "rlm_2", matching: nil, offset: 0, limit: 10, memberLimit: 10).items.isEmpty)

            // Deleted at the version read, its name gone from its members.
            await #expect(throws: StorageError.notFound) { try await store.deleteGroup(id: "grp_4", expectedVersion: 2, audit: nil) }
            try await store.deleteGroup(id: "grp_4", expectedVersion: 1, audit: nil)
            #expect(try await store.group(id: "grp_4") == nil)
            #expect(try await store.groups(ofIdentity: "idn_1", limit: 10).isEmpty)
        }
    }

    /// A page of groups stops before the group that would bring its members past the limit, but
    /// always holds one; the total counts every group that matches.
    @Test(arguments: TestEngine.all) func aPageOfGroupsHoldsBoundedMembers(engine: TestEngine) async throws {
        try await engine.withStore { store in
            try await store.seedTree()
            for index in 2...4 { try await store.createIdentity(Fixtures.identity("idn_\(index)", username: "u\(index)")) }
            let groups = [
                Self.group("grp_a", "a", members: ["idn_1", "idn_2", "idn_3"], created: 2), Self.group("grp_b", "b", members: ["idn_4"], created: 3),
                Self.group("grp_c", "c", members: ["idn_2"], created: 4),
            ]
            for group in groups { try await store.createGroup(group, audit: nil) }
            func page(offset: Int, memberLimit: Int) async throws -> [String] {
                let page = try await store.groups(realmID: "rlm_1", matching: nil, offset: offset, limit: 3, memberLimit: memberLimit)
                #expect(page.total == 3)
                return page.items.map { "\($0.displayName):\($0.memberIDs.count)" }
            }
            #expect(try await page(offset: 0, memberLimit: 4) == ["a:3", "b:1"])
            #expect(try await page(offset: 0, memberLimit: 2) == ["a:3"])
            #expect(try await page(offset: 1, memberLimit: 2) == ["b:1", "c:1"])
            #expect(try await store.groups(realmID: "rlm_1", matching: .compare(.member, .eq, .text("idn_2")), offset: 0, limit: 3,
                                           memberLimit: 10).items.map(\.displayName) == ["a", "c"])
            #expect(try await store.groups(realmID: "rlm_1", matching: .compare(.displayName, .eq, .text("B")), offset: 0, limit: 3,
                                           memberLimit: 10).items.map(\.id) == ["grp_b"])
        }
    }

    /// A directory's group changes reach webhooks as group events, with the group's id.
    @Test(arguments: TestEngine.all) func groupChangesBecomeWebhookEvents(engine: TestEngine) async throws {
        try await engine.withStore { store in
            try await store.seedTree()
            try await store.createWebhookEndpoint(WebhookQueueTests.endpoint("whe_a", types: ["group.created", "group.deleted"]), audit: nil)
            let event = { (type: String, id: String) in
                var event = WebhookQueueTests.event(type)
                event.subjectID = id
                return event
            }
            try await store.createGroup(Self.group("grp_1", "admins"), audit: event("scim.group.created", "grp_1"))
            var renamed = Self.group("grp_1", "operators")
            renamed.version = 2
            try await store.updateGroup(renamed, expectedVersion: 1, audit: event("scim.group.updated", "grp_1"))
            try await store.deleteGroup(id: "grp_1", expectedVersion: 2, audit: event("scim.group.deleted", "grp_1"))
            let deliveries = try await WebhookQueueTests.deliveries(store, "whe_a")
            #expect(deliveries.map(\.eventType).sorted() == ["group.created", "group.deleted"])
            #expect(Set(deliveries.compactMap(\.subjectID)) == ["grp_1"])
        }
    }
}
