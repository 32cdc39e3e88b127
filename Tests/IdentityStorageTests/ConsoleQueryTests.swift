import Foundation
import IdentityStorage
import IdentityStorageTestSupport
import Testing

/// What the operator console reads: the audit log filtered newest first, identity search,
/// sign-in activity by hour and realm populations.
@Suite struct ConsoleQueryTests {
    /// Events of two tenants and of none, with subjects, identities named in details and
    /// admin tokens; ids in time order (`e1` oldest).
    static let events = [
        Fixtures.auditEvent(
            "e1", at: 10, type: "authentication.succeeded", tenant: "ten_1", subject: "idn_1",
            detail: #"{"application_id":"app_1","credential_id":"crd_1"}"#),
        Fixtures.auditEvent(
            "e2", at: 20, type: "authentication.refused", tenant: "ten_1",
            detail: #"{"credential_id":"crd_1","reason":"invalid_signature"}"#),
        Fixtures.auditEvent("e3", at: 30, type: "authentication", tenant: "ten_1", subject: "idn_1"),
        Fixtures.auditEvent(
            "e4", at: 40, type: "admin.identity.created", tenant: "ten_1", subject: "idn_2",
            detail: #"{"admin_token":"ops","admin_token_id":"tok_a","by":"admin"}"#),
        Fixtures.auditEvent(
            "e5", at: 50, type: "credential.bound", tenant: "ten_1", subject: "crd_9",
            detail: #"{"binding_job_id":"bjb_1","identity_id":"idn_1"}"#),
        Fixtures.auditEvent(
            "e6", at: 60, type: "admin.identity.updated", tenant: "ten_2", subject: "idn_1",
            detail: #"{"admin_token":"ops","admin_token_id":"tok_a","by":"admin"}"#),
        Fixtures.auditEvent(
            "e7", at: 70, type: "admin.tenant.created", tenant: nil, subject: "ten_2",
            detail: #"{"admin_token":"root","admin_token_id":"tok_b","by":"admin"}"#),
        Fixtures.auditEvent("e8", at: 80, type: "authentication.succeeded", tenant: "ten_2", subject: "idn_7"),
        Fixtures.auditEvent(
            "e9", at: 90, type: "Authentication.refused", tenant: "ten_1",
            detail: #"{"admin_token_id":"tok_b","path":"/tok_a","subject":"idn_1"}"#),
    ]

    /// The ids of every event `filter` lists, read in pages of 100.
    static func ids(_ store: SQLIdentityStore, _ filter: AuditEventFilter) async throws -> [String] {
        try await store.listAuditEvents(filter, order: .newestFirst, PageRequest()).items.map(\.id)
    }

    @Test(arguments: TestEngine.all)
    func auditEventsFilterOneConditionAtATime(engine: TestEngine) async throws {
        try await engine.withStore { store in
            for event in Self.events.shuffled() { try await store.appendAuditEvent(event) }

            #expect(try await Self.ids(store, AuditEventFilter()) == ["e9", "e8", "e7", "e6", "e5", "e4", "e3", "e2", "e1"])
            #expect(try await Self.ids(store, AuditEventFilter(tenantID: "ten_1")) == ["e9", "e5", "e4", "e3", "e2", "e1"])
            #expect(try await Self.ids(store, AuditEventFilter(tenantID: "ten_2")) == ["e8", "e6"])
            #expect(try await Self.ids(store, AuditEventFilter(tenantID: "ten_x")).isEmpty)
            #expect(try await Self.ids(store, AuditEventFilter(subjectID: "idn_1")) == ["e6", "e5", "e3", "e1"])
            #expect(try await Self.ids(store, AuditEventFilter(subjectID: "idn_2")) == ["e4"])
            #expect(try await Self.ids(store, AuditEventFilter(adminTokenID: "tok_a")) == ["e6", "e4"])
            #expect(try await Self.ids(store, AuditEventFilter(adminTokenID: "tok_b")) == ["e9", "e7"])
            #expect(try await Self.ids(store, AuditEventFilter(from: Fixtures.at(30))) == ["e9", "e8", "e7", "e6", "e5", "e4", "e3"])
            #expect(try await Self.ids(store, AuditEventFilter(until: Fixtures.at(30))) == ["e2", "e1"])
            #expect(try await Self.ids(store, AuditEventFilter(from: Fixtures.at(30), until: Fixtures.at(70))) == ["e6", "e5", "e4", "e3"])
            #expect(try await store.auditEvent(id: "e5") == Self.events[4])
            #expect(try await store.auditEvent(id: "e0") == nil)
        }
    }

    @Test(arguments: TestEngine.all)
    func auditEventTypesMatchExactlyOrByPrefix(engine: TestEngine) async throws {
        try await engine.withStore { store in
            for event in Self.events { try await store.appendAuditEvent(event) }

            // Exact: neither longer types nor other cases.
            #expect(try await Self.ids(store, AuditEventFilter(type: "authentication.succeeded")) == ["e8", "e1"])
            #expect(try await Self.ids(store, AuditEventFilter(type: "authentication")) == ["e3"])
            #expect(try await Self.ids(store, AuditEventFilter(type: "admin.identity")).isEmpty)
            // A prefix: every type it begins, in its case, and not the type without the dot.
            #expect(try await Self.ids(store, AuditEventFilter(type: "authentication.")) == ["e8", "e2", "e1"])
            #expect(try await Self.ids(store, AuditEventFilter(type: "admin.identity.")) == ["e6", "e4"])
            #expect(try await Self.ids(store, AuditEventFilter(type: "admin.")) == ["e7", "e6", "e4"])
            #expect(try await Self.ids(store, AuditEventFilter(type: "authentication.succeeded.")).isEmpty)
        }
    }

    @Test(arguments: TestEngine.all)
    func auditEventFiltersCombine(engine: TestEngine) async throws {
        try await engine.withStore { store in
            for event in Self.events { try await store.appendAuditEvent(event) }

            #expect(try await Self.ids(store, AuditEventFilter(tenantID: "ten_1", subjectID: "idn_1")) == ["e5", "e3", "e1"])
            #expect(try await Self.ids(store, AuditEventFilter(tenantID: "ten_2", subjectID: "idn_1")) == ["e6"])
            #expect(try await Self.ids(store, AuditEventFilter(tenantID: "ten_1", adminTokenID: "tok_a")) == ["e4"])
            #expect(try await Self.ids(store, AuditEventFilter(tenantID: "ten_2", type: "authentication.")) == ["e8"])
            #expect(try await Self.ids(store, AuditEventFilter(tenantID: "ten_2", type: "authentication.", until: Fixtures.at(80))).isEmpty)
            #expect(try await Self.ids(store, AuditEventFilter(type: "admin.", adminTokenID: "tok_a", from: Fixtures.at(41))) == ["e6"])
            #expect(try await Self.ids(store, AuditEventFilter(type: "authentication.", subjectID: "idn_1", until: Fixtures.at(10))).isEmpty)
            let everything = AuditEventFilter(
                tenantID: "ten_1", type: "authentication.", subjectID: "idn_1", adminTokenID: nil,
                from: Fixtures.at(10), until: Fixtures.at(11))
            #expect(try await Self.ids(store, everything) == ["e1"])
        }
    }

    @Test(arguments: TestEngine.all)
    func auditEventsPageNewestFirstByTimeThenID(engine: TestEngine) async throws {
        try await engine.withStore { store in
            // Ids deliberately out of time order; another tenant's events between them.
            let events = [("evt_z", 1.0), ("evt_a", 2.0), ("evt_m", 2.0), ("evt_b", 2.0), ("evt_c", 3.5)].map { id, time in
                Fixtures.auditEvent(id, at: time, type: "admin.tenant.updated", tenant: "ten_1")
            } + [("oth_1", 2.0), ("oth_2", 3.0)].map { id, time in
                Fixtures.auditEvent(id, at: time, type: "admin.tenant.updated", tenant: "ten_2")
            }
            for event in events.shuffled() { try await store.appendAuditEvent(event) }
            let filter = AuditEventFilter(tenantID: "ten_1")

            let first = try await store.listAuditEvents(filter, order: .newestFirst, PageRequest(size: 2))
            #expect(first.items.map(\.id) == ["evt_c", "evt_m"])
            #expect(first.nextCursor == "1700000002000:evt_m")
            let second = try await store.listAuditEvents(filter, order: .newestFirst, PageRequest(size: 2, cursor: first.nextCursor))
            #expect(second.items.map(\.id) == ["evt_b", "evt_a"])
            let third = try await store.listAuditEvents(filter, order: .newestFirst, PageRequest(size: 2, cursor: second.nextCursor))
            #expect(third.items.map(\.id) == ["evt_z"])
            #expect(third.nextCursor == nil)
            #expect(third.items == [events[0]])

            let all = try await store.listAuditEvents(AuditEventFilter(), order: .newestFirst, PageRequest(size: 3))
            #expect(all.items.map(\.id) == ["evt_c", "oth_2", "oth_1"])
            let rest = try await store.listAuditEvents(AuditEventFilter(), order: .newestFirst, PageRequest(size: 4, cursor: all.nextCursor))
            #expect(rest.items.map(\.id) == ["evt_m", "evt_b", "evt_a", "evt_z"])
            #expect(rest.nextCursor == nil)

            let malformed = try await store.listAuditEvents(filter, order: .newestFirst, PageRequest(size: 2, cursor: "garbage"))
            #expect(malformed.items.isEmpty)
            #expect(malformed.nextCursor == nil)
            // The admin API's list stays oldest first.
            let oldest = try await store.listAuditEvents(tenantID: "ten_1", PageRequest(size: 2))
            #expect(oldest.items.map(\.id) == ["evt_z", "evt_a"])
        }
    }

    @Test(arguments: TestEngine.all)
    func identitySearchTakesWildcardsLiterallyAndIgnoresCase(engine: TestEngine) async throws {
        try await engine.withStore { store in
            try await store.seedTree()
            try await store.createTenant(Fixtures.tenant("ten_2"))
            try await store.createRealm(Fixtures.realm("rlm_2", tenant: "ten_2"))
            try await store.createIdentity(Fixtures.identity("idn_2", username: "a_b"))
            try await store.createIdentity(Fixtures.identity("idn_3", username: "axb"))
            var carol = Fixtures.identity("idn_4", username: "Carol.Smith")
            carol.email = "CSMITH@Example.ORG"
            try await store.createIdentity(carol)
            var dave = Fixtures.identity("idn_5", username: "dave")
            dave.email = nil
            try await store.createIdentity(dave)
            try await store.createIdentity(Fixtures.identity("idn_6", username: "half%off"))
            try await store.createIdentity(Fixtures.identity("idn_7", username: #"back\slash"#))
            try await store.createIdentity(Fixtures.identity("idn_9", tenant: "ten_2", realm: "rlm_2", username: "a_b"))

            func search(_ text: String) async throws -> [String] {
                try await store.findIdentities(realmID: "rlm_1", IdentityQuery(text: text, order: .created), PageRequest()).items.map(\.id)
            }
            #expect(try await search("a_b") == ["idn_2"])
            #expect(try await search("A_B") == ["idn_2"])
            #expect(try await search("_") == ["idn_2"])
            #expect(try await search("a%b").isEmpty)
            #expect(try await search("%") == ["idn_6"])
            #expect(try await search("f%o") == ["idn_6"])
            #expect(try await search(#"\"#) == ["idn_7"])
            #expect(try await search(#"k\s"#) == ["idn_7"])
            #expect(try await search("SMITH") == ["idn_4"])
            #expect(try await search("carol.s") == ["idn_4"])
            #expect(try await search("example.org") == ["idn_4"])
            #expect(try await search("DAV") == ["idn_5"])
            #expect(try await search("ALICE@EXAMPLE.COM") == ["idn_1"])
            #expect(try await search("nobody").isEmpty)
            #expect(try await store.findIdentities(realmID: "rlm_2", IdentityQuery(text: "A_b"), PageRequest()).items.map(\.id) == ["idn_9"])

            var collected: [String] = []
            var cursor: String?
            var pages = 0
            repeat {
                let page = try await store.findIdentities(
                    realmID: "rlm_1", IdentityQuery(text: "@EXAMPLE.com", order: .created), PageRequest(size: 2, cursor: cursor))
                collected += page.items.map(\.id)
                cursor = page.nextCursor
                pages += 1
            } while cursor != nil && pages < 10
            #expect(collected == ["idn_1", "idn_2", "idn_3", "idn_6", "idn_7"])
            #expect(pages == 3)
        }
    }

    /// Every order pages through the whole listing forwards and back again, each identity once,
    /// with the count of what the filters select; a cursor that does not parse is the first page.
    @Test(arguments: TestEngine.all)
    func identitiesPageBothWaysInEveryOrder(engine: TestEngine) async throws {
        try await engine.withStore { store in
            try await store.seedTree()
            let names = ["bob", "Carol", "dave", "erin", "frank", "grace", "heidi"]
            for (index, name) in names.enumerated() {
                var identity = Fixtures.identity("idn_\(index + 2)", username: name)
                // Two share a creation time: the id breaks the tie.
                identity.createdAt = Fixtures.at(TimeInterval(min(index, 5) + 1))
                identity.status = name == "erin" ? .suspended : .active
                try await store.createIdentity(identity)
            }
            let byUsername = (["alice"] + names).sorted(by: { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) })
            let byCreation = ["alice"] + names
            let expected: [IdentityQuery.Order: [String]] = [
                .username: byUsername, .usernameDescending: byUsername.reversed(), .created: byCreation, .createdDescending: byCreation.reversed(),
            ]
            for (order, all) in expected {
                var pages: [[String]] = []
                var page = try await store.findIdentities(realmID: "rlm_1", IdentityQuery(order: order), PageRequest(size: 3))
                #expect(page.previousCursor == nil)
                pages.append(page.items.map(\.username))
                while let next = page.nextCursor {
                    page = try await store.findIdentities(realmID: "rlm_1", IdentityQuery(order: order), PageRequest(size: 3, cursor: next))
                    pages.append(page.items.map(\.username))
                }
                #expect(pages.flatMap { $0 } == all, "\(order)")
                #expect(pages.map(\.count) == [3, 3, 2], "\(order)")
                // And back from the last page: the same pages.
                var back = [page.items.map(\.username)]
                while let previous = page.previousCursor {
                    page = try await store.findIdentities(realmID: "rlm_1", IdentityQuery(order: order), PageRequest(size: 3, cursor: previous))
                    back.insert(page.items.map(\.username), at: 0)
                }
                #expect(back == pages, "\(order)")
            }
            #expect(try await store.countIdentities(realmID: "rlm_1", IdentityQuery()) == 8)
            let suspended = IdentityQuery(status: .suspended)
            #expect(try await store.countIdentities(realmID: "rlm_1", suspended) == 1)
            #expect(try await store.findIdentities(realmID: "rlm_1", suspended, PageRequest()).items.map(\.username) == ["erin"])
            #expect(try await store.countIdentities(realmID: "rlm_1", IdentityQuery(text: "RA", status: .active)) == 2)
            #expect(try await store.findIdentities(realmID: "rlm_1", IdentityQuery(), PageRequest(size: 2, cursor: "n.zz")).items.map(\.username)
                == Array(byUsername.prefix(2)))
        }
    }

    @Test(arguments: TestEngine.all)
    func signInActivityCountsByHourOutcomeAndReason(engine: TestEngine) async throws {
        try await engine.withStore { store in
            // t0 is 800 s into its hour: hour 0 starts at t0 - 800 s, hour 1 at t0 + 2800 s.
            let (hour0, hour1) = (Fixtures.at(-800), Fixtures.at(2800))
            func succeeded(_ id: String, _ seconds: TimeInterval, tenant: String = "ten_1", detail: String = "{}") -> AuditEventRecord {
                Fixtures.auditEvent(id, at: seconds, type: "authentication.succeeded", tenant: tenant, subject: "idn_1", detail: detail)
            }
            func refused(_ id: String, _ seconds: TimeInterval, _ reason: String, tenant: String = "ten_1") -> AuditEventRecord {
                Fixtures.auditEvent(id, at: seconds, type: "authentication.refused", tenant: tenant, detail: #"{"reason":"\#(reason)"}"#)
            }
            // A refusal repeated within its window is one event counting them: it counts as many.
            func repeated(_ event: AuditEventRecord, _ times: Int) -> AuditEventRecord {
                var event = event
                event.occurrences = times
                return event
            }
            let events = [
                succeeded("s_early", -801),
                succeeded("s0", -800), succeeded("s1", 0), succeeded("s2", 100, detail: #"{"reason":"ignored"}"#),
                refused("r1", 200, "invalid_signature"), refused("r2", 300, "credential_revoked"),
                repeated(refused("r3", 400, "invalid_signature"), 4),
                Fixtures.auditEvent("x1", at: 150, type: "credential.bound", tenant: "ten_1", detail: #"{"reason":"invalid_signature"}"#),
                succeeded("s3", 2800), refused("r4", 3000, "invalid_signature"),
                succeeded("s4", 500, tenant: "ten_2"), refused("r5", 3100, "expired", tenant: "ten_2"),
                // A cross-device sign-in declined on the device, cancelled in the browser or left to
                // expire was refused too.
                Fixtures.auditEvent("d1", at: 3200, type: "cross_device.declined", tenant: "ten_2"),
                Fixtures.auditEvent("c1", at: 3300, type: "cross_device.cancelled", tenant: "ten_2"),
                Fixtures.auditEvent("e1", at: 3400, type: "cross_device.expired", tenant: "ten_2"),
            ]
            for event in events.shuffled() { try await store.appendAuditEvent(event) }

            #expect(try await store.signInActivity(tenantID: "ten_1", since: hour0) == [
                SignInActivityBucket(hour: hour0, outcome: .succeeded, reason: nil, count: 3),
                SignInActivityBucket(hour: hour0, outcome: .refused, reason: "credential_revoked", count: 1),
                SignInActivityBucket(hour: hour0, outcome: .refused, reason: "invalid_signature", count: 5),
                SignInActivityBucket(hour: hour1, outcome: .succeeded, reason: nil, count: 1),
                SignInActivityBucket(hour: hour1, outcome: .refused, reason: "invalid_signature", count: 1),
            ])
            #expect(try await store.signInActivity(tenantID: "ten_2", since: hour0) == [
                SignInActivityBucket(hour: hour0, outcome: .succeeded, reason: nil, count: 1),
                SignInActivityBucket(hour: hour1, outcome: .refused, reason: "cancelled_in_browser", count: 1),
                SignInActivityBucket(hour: hour1, outcome: .refused, reason: "declined_on_device", count: 1),
                SignInActivityBucket(hour: hour1, outcome: .refused, reason: "expired", count: 1),
                SignInActivityBucket(hour: hour1, outcome: .refused, reason: "expired_unanswered", count: 1),
            ])
            #expect(try await store.signInActivity(tenantID: nil, since: hour0) == [
                SignInActivityBucket(hour: hour0, outcome: .succeeded, reason: nil, count: 4),
                SignInActivityBucket(hour: hour0, outcome: .refused, reason: "credential_revoked", count: 1),
                SignInActivityBucket(hour: hour0, outcome: .refused, reason: "invalid_signature", count: 5),
                SignInActivityBucket(hour: hour1, outcome: .succeeded, reason: nil, count: 1),
                SignInActivityBucket(hour: hour1, outcome: .refused, reason: "cancelled_in_browser", count: 1),
                SignInActivityBucket(hour: hour1, outcome: .refused, reason: "declined_on_device", count: 1),
                SignInActivityBucket(hour: hour1, outcome: .refused, reason: "expired", count: 1),
                SignInActivityBucket(hour: hour1, outcome: .refused, reason: "expired_unanswered", count: 1),
                SignInActivityBucket(hour: hour1, outcome: .refused, reason: "invalid_signature", count: 1),
            ])
            #expect(try await store.signInActivity(tenantID: "ten_1", since: Fixtures.at(300)) == [
                SignInActivityBucket(hour: hour0, outcome: .refused, reason: "credential_revoked", count: 1),
                SignInActivityBucket(hour: hour0, outcome: .refused, reason: "invalid_signature", count: 4),
                SignInActivityBucket(hour: hour1, outcome: .succeeded, reason: nil, count: 1),
                SignInActivityBucket(hour: hour1, outcome: .refused, reason: "invalid_signature", count: 1),
            ])
            #expect(try await store.signInActivity(tenantID: "ten_x", since: hour0).isEmpty)
        }
    }

    @Test(arguments: TestEngine.all)
    func realmPopulationCountsOnlyActiveOnesPerTenant(engine: TestEngine) async throws {
        try await engine.withStore { store in
            try await store.seedTree()
            try await store.createRealm(Fixtures.realm("rlm_0"))
            try await store.createTenant(Fixtures.tenant("ten_2"))
            try await store.createRealm(Fixtures.realm("rlm_2", tenant: "ten_2"))
            try await store.createIdentity(Fixtures.identity("idn_2", username: "bob"))
            var suspended = Fixtures.identity("idn_3", username: "carol")
            suspended.status = .suspended
            try await store.createIdentity(suspended)
            var deleted = Fixtures.identity("idn_4", username: "dave")
            deleted.status = .deleted
            try await store.createIdentity(deleted)
            try await store.createIdentity(Fixtures.identity("idn_9", tenant: "ten_2", realm: "rlm_2", username: "erin"))
            var passkey = Fixtures.credential("crd_2")
            passkey.kind = .passkey
            for credential in [
                Fixtures.credential("crd_1"), passkey, Fixtures.credential("crd_3", identity: "idn_2"),
                Fixtures.credential("crd_4", identity: "idn_3"), Fixtures.credential("crd_9", identity: "idn_9", realm: "rlm_2"),
                Fixtures.credential("crd_8", identity: "idn_9", realm: "rlm_2"),
            ] { try await store.bind(credential) }
            _ = try await store.revokeCredential(id: "crd_3", at: Fixtures.at(5))
            _ = try await store.revokeCredential(id: "crd_8", at: Fixtures.at(5))

            let rlm0 = RealmPopulation(
                realmID: "rlm_0", tenantID: "ten_1", displayName: "Realm rlm_0", activeIdentities: 0, activeCredentials: 0)
            let rlm1 = RealmPopulation(
                realmID: "rlm_1", tenantID: "ten_1", displayName: "Realm rlm_1", activeIdentities: 2, activeCredentials: 3,
                activePasskeys: 1)
            let rlm2 = RealmPopulation(
                realmID: "rlm_2", tenantID: "ten_2", displayName: "Realm rlm_2", activeIdentities: 1, activeCredentials: 1)
            #expect(try await store.realmPopulation(tenantID: "ten_1") == [rlm0, rlm1])
            #expect(try await store.realmPopulation(tenantID: "ten_2") == [rlm2])
            #expect(try await store.realmPopulation(tenantID: nil) == [rlm0, rlm1, rlm2])
            #expect(try await store.realmPopulation(tenantID: "ten_x").isEmpty)
        }
    }
}
