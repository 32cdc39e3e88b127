import Foundation
@testable import IdentityStorage
import IdentityStorageTestSupport
import SQLKit
import Testing

/// Migrations, expiry and opening by URL.
@Suite struct HousekeepingTests {
    @Test(arguments: TestEngine.all)
    func deleteExpiredRemovesOnlyRowsExpiredBeforeTheCutoff(engine: TestEngine) async throws {
        try await engine.withStore { store in
            try await store.seedTreeWithCredential()
            try await store.completeAuthentication(now: Fixtures.at(10), code: Fixtures.code(expiresAt: Fixtures.at(70)))
            for (jti, expiry) in [("jti_old", 150.0), ("jti_edge", 200.0), ("jti_new", 5000.0)] {
                try await store.recordIssuedToken(
                    Fixtures.accessToken(jti, code: "code-1", expiresAt: Fixtures.at(expiry)))
            }

            // Expired before 200: the code (70) and jti_old (150). jti_edge expires at the cutoff: kept.
            #expect(try await store.deleteExpired(before: Fixtures.at(200)) == 2)
            #expect(try await store.redeemAuthorizationCode(hash: Fixtures.hash("code-1"), now: Fixtures.at(201)) == .notFound)
            #expect(try await store.issuedToken(jti: "jti_old") == nil)
            #expect(try await store.issuedToken(jti: "jti_edge") != nil)
            #expect(try await store.issuedToken(jti: "jti_new") != nil)
            #expect(try await store.deleteExpired(before: Fixtures.at(200)) == 0)
            // Binding jobs, credentials and the rest are not housekeeping's business.
            #expect(try await store.bindingJob(id: "bjb_seed") != nil)
        }
    }

    /// Purges go in batches of `limit` rows per kind, so none holds the database for long;
    /// audit events go by age.
    @Test(arguments: TestEngine.all)
    func purgesGoInBatches(engine: TestEngine) async throws {
        try await engine.withStore { store in
            try await store.seedTree()
            for index in 0..<5 {
                try await store.recordIssuedToken(
                    Fixtures.accessToken("jti_\(index)", code: "code-\(index)", expiresAt: Fixtures.at(Double(index) * 10)))
                try await store.appendAuditEvent(AuditEventRecord(
                    id: "evt_\(index)", occurredAt: Fixtures.at(Double(index) * 100), type: "x", tenantID: nil, realmID: nil,
                    subjectID: nil, detailJSON: "{}"))
            }
            var batches: [Int] = []
            while case let removed = try await store.deleteExpired(before: Fixtures.at(200), limit: 2), removed > 0 {
                batches.append(removed)
            }
            #expect(batches == [2, 2, 1])
            #expect(try await store.deleteAuditEvents(before: Fixtures.at(250), limit: 2) == 2)
            #expect(try await store.deleteAuditEvents(before: Fixtures.at(250), limit: 2) == 1)
            #expect(try await store.deleteAuditEvents(before: Fixtures.at(250), limit: 2) == 0)
            #expect(try await store.listAuditEvents(tenantID: nil, PageRequest(size: 10)).items.map(\.id) == ["evt_3", "evt_4"])
        }
    }

    @Test(arguments: TestEngine.all)
    func migrateIsIdempotentAndKeepsData(engine: TestEngine) async throws {
        try await engine.withStore { store in
            try await store.createTenant(Fixtures.tenant())
            try await store.migrate()
            try await store.migrate()
            #expect(try await store.tenant(id: "ten_1") == Fixtures.tenant())
            let versions = try await store.engine.run { db in
                try await db.raw("SELECT version FROM schema_migrations ORDER BY version").all()
                    .map { try $0.decode(column: "version", as: Int64.self) }
            }
            #expect(versions == Migrations.all.map { Int64($0.version) })
        }
    }

    @Test(arguments: TestEngine.all)
    func upgradingKeepsExistingApplicationsToTheCodeGrant(engine: TestEngine) async throws {
        try await engine.withDatabase { open in
            let store = try await open()
            do {
                try await upgrade(store)
            } catch {
                try? await store.shutdown()
                throw error
            }
            try await store.shutdown()
        }

        func upgrade(_ store: SQLIdentityStore) async throws {
            try await Migrations.apply(on: store.engine.engine, now: Fixtures.t0, through: 3)
            try await store.createTenant(Fixtures.tenant())
            try await store.insertRealmOfFirstSchema()
            try await store.engine.run { db in
                try await db.raw("""
                    INSERT INTO applications (id, tenant_id, realm_id, client_id, display_name, client_type,
                        token_endpoint_auth_method, redirect_uris, invoke_url, allowed_scopes, created_at, updated_at)
                    VALUES ('app_old', 'ten_1', 'rlm_1', 'client_old', 'Old', 'public', 'none',
                        '["https://app.example/cb"]', 'https://app.example', '["openid"]', 0, 0)
                    """).run()
            }
            try await store.migrate()

            // Refresh tokens are for an operator to turn on; an upgrade does not.
            let upgraded = try #require(try await store.application(id: "app_old"))
            #expect(upgraded.grantTypes == [.authorizationCode])
            #expect(upgraded.refreshTokenLifetime == ApplicationRecord.defaultRefreshTokenLifetime)
            #expect(upgraded.postLogoutRedirectURIs.isEmpty)
            try await store.createApplication(Fixtures.application())
            #expect(try await store.application(id: "app_1")?.grantTypes == ApplicationRecord.defaultGrantTypes)
        }
    }

    @Test(arguments: TestEngine.all)
    func twoProcessesMigratingAtOnceBothSucceed(engine: TestEngine) async throws {
        try await engine.withTwoStores { first, second in
            async let a: Void = first.migrate()
            async let b: Void = second.migrate()
            _ = try await (a, b)
            try await first.createTenant(Fixtures.tenant())
            #expect(try await second.tenant(id: "ten_1") == Fixtures.tenant())
            let count = try await second.engine.run { db in
                try await db.raw("SELECT COUNT(*) AS n FROM schema_migrations").first()?.decode(column: "n", as: Int.self)
            }
            #expect(count == Migrations.all.count)
        }
    }

    @Test func openChoosesTheEngineByURL() async throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("identity-open-\(UUID().uuidString)", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: directory) }

        let store = try await SQLIdentityStore.open(databaseURL: nil, dataDirectory: directory, logger: TestEngine.logger)
        try await store.migrate()
        try await store.createTenant(Fixtures.tenant())
        try await store.shutdown()
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("identity.sqlite").path))

        let reopened = try await SQLIdentityStore.open(databaseURL: nil, dataDirectory: directory, logger: TestEngine.logger)
        #expect(try await reopened.tenant(id: "ten_1") == Fixtures.tenant())
        let mode = try await reopened.engine.run { db in
            try await db.raw("PRAGMA journal_mode").first()?.decode(column: "journal_mode", as: String.self)
        }
        #expect(mode == "wal")
        try await reopened.shutdown()

        for url in ["mysql://u:p@localhost/db", "sqlite:///tmp/x.sqlite", "postgres-but-not-a-url"] {
            await #expect(throws: StorageError.unsupportedDatabaseURL) {
                _ = try await SQLIdentityStore.open(databaseURL: url, dataDirectory: directory, logger: TestEngine.logger)
            }
        }
    }

    @Test func storageErrorsCompareByCodeAndDescribeTheirDetail() {
        #expect(StorageError.notFound.with(detail: "x") == .notFound)
        #expect(StorageError.notFound != .alreadyExists)
        #expect(StorageError.alreadyExists.with(detail: "tenants.id").description == "already exists: tenants.id")
    }
}
