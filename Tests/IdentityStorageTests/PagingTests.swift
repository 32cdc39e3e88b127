import Foundation
import IdentityStorage
import IdentityStorageTestSupport
import Testing

/// Cursor paging: ordered by id (audit events by time, then id), filtered by parent.
@Suite struct PagingTests {
    @Test(arguments: TestEngine.all)
    func tenantsPageByIDAcrossSeveralPages(engine: TestEngine) async throws {
        try await engine.withStore { store in
            let ids = ["ten_e", "ten_a", "ten_g", "ten_c", "ten_b", "ten_f", "ten_d"]
            for id in ids { try await store.createTenant(Fixtures.tenant(id)) }

            let first = try await store.listTenants(PageRequest(size: 3))
            #expect(first.items.map(\.id) == ["ten_a", "ten_b", "ten_c"])
            #expect(first.nextCursor == "ten_c")
            let second = try await store.listTenants(PageRequest(size: 3, cursor: first.nextCursor))
            #expect(second.items.map(\.id) == ["ten_d", "ten_e", "ten_f"])
            let third = try await store.listTenants(PageRequest(size: 3, cursor: second.nextCursor))
            #expect(third.items.map(\.id) == ["ten_g"])
            #expect(third.nextCursor == nil)

            let exact = try await store.listTenants(PageRequest(size: 7))
            #expect(exact.items.count == 7)
            #expect(exact.nextCursor == nil)
        }
    }

    @Test(arguments: TestEngine.all)
    func childListsHoldOnlyTheParentsRows(engine: TestEngine) async throws {
        try await engine.withStore { store in
            try await store.seedTree()
            try await store.createTenant(Fixtures.tenant("ten_2"))
            try await store.createRealm(Fixtures.realm("rlm_2", tenant: "ten_2"))
            try await store.createRealm(Fixtures.realm("rlm_0"))
            for n in 2...5 {
                try await store.createIdentity(Fixtures.identity("idn_\(n)", username: "user\(n)"))
            }
            try await store.createIdentity(Fixtures.identity("idn_9", tenant: "ten_2", realm: "rlm_2", username: "x"))
            try await store.createApplication(Fixtures.application("app_2", tenant: "ten_2", realm: "rlm_2", clientID: "c2"))

            #expect(try await store.listRealms(tenantID: "ten_1", PageRequest()).items.map(\.id) == ["rlm_0", "rlm_1"])
            #expect(try await store.listRealms(tenantID: "ten_x", PageRequest()).items.isEmpty)
            #expect(try await store.listApplications(realmID: "rlm_2", PageRequest()).items.map(\.id) == ["app_2"])

            var collected: [String] = []
            var cursor: String?
            var pages = 0
            repeat {
                let page = try await store.listIdentities(realmID: "rlm_1", PageRequest(size: 2, cursor: cursor))
                collected += page.items.map(\.id)
                cursor = page.nextCursor
                pages += 1
            } while cursor != nil && pages < 10
            #expect(collected == ["idn_1", "idn_2", "idn_3", "idn_4", "idn_5"])
            #expect(pages == 3)
        }
    }

    @Test(arguments: TestEngine.all)
    func credentialsAndBindingJobsListByIdentity(engine: TestEngine) async throws {
        try await engine.withStore { store in
            try await store.seedTreeWithCredential()
            try await store.createIdentity(Fixtures.identity("idn_2", username: "bob"))
            try await store.createBindingJob(Fixtures.bindingJob("bjb_2", token: "t2"))
            try await store.createBindingJob(Fixtures.bindingJob("bjb_3", identity: "idn_2", token: "t3"))

            let jobs = try await store.listBindingJobs(identityID: "idn_1", PageRequest(size: 1))
            #expect(jobs.items.map(\.id) == ["bjb_2"])
            let rest = try await store.listBindingJobs(identityID: "idn_1", PageRequest(size: 1, cursor: jobs.nextCursor))
            #expect(rest.items.map(\.id) == ["bjb_seed"])
            #expect(rest.nextCursor == nil)
            #expect(try await store.listCredentials(identityID: "idn_1", PageRequest()).items == [Fixtures.credential()])
            #expect(try await store.listCredentials(identityID: "idn_2", PageRequest()).items.isEmpty)
        }
    }

    @Test(arguments: TestEngine.all)
    func auditEventsPageByTimeThenID(engine: TestEngine) async throws {
        try await engine.withStore { store in
            // Ids deliberately out of time order.
            let events = [("evt_z", 1.0), ("evt_a", 2.0), ("evt_m", 2.0), ("evt_b", 2.0), ("evt_c", 3.5)].map { id, time in
                AuditEventRecord(
                    id: id, occurredAt: Fixtures.at(time), type: "admin.tenant.created", tenantID: nil,
                    realmID: nil, subjectID: id, detailJSON: #"{"by":"test"}"#)
            }
            for event in events.reversed() { try await store.appendAuditEvent(event) }
            await #expect(throws: StorageError.alreadyExists) { try await store.appendAuditEvent(events[0]) }

            var collected: [AuditEventRecord] = []
            var cursor: String?
            repeat {
                let page = try await store.listAuditEvents(tenantID: nil, PageRequest(size: 2, cursor: cursor))
                #expect(page.items.count <= 2)
                collected += page.items
                cursor = page.nextCursor
            } while cursor != nil && collected.count < 10
            #expect(collected.map(\.id) == ["evt_z", "evt_a", "evt_b", "evt_m", "evt_c"])
            #expect(collected.first == events[0])

            let malformed = try await store.listAuditEvents(tenantID: nil, PageRequest(size: 2, cursor: "garbage"))
            #expect(malformed.items.isEmpty)
            #expect(malformed.nextCursor == nil)
        }
    }

    @Test func pageSizeIsClamped() {
        #expect(PageRequest(size: 0).size == 1)
        #expect(PageRequest(size: 5000).size == 1000)
    }
}
