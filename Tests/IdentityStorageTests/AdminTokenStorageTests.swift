import Foundation
@testable import IdentityStorage
import IdentityStorageTestSupport
import SQLKit
import Testing

/// Admin tokens: revocation that never leaves no way in, tenant scope, and the upgrade of
/// tokens created before they had ids.
@Suite struct AdminTokenStorageTests {
    private func token(_ name: String, tenant: String? = nil, expiresAt: Date? = nil) -> AdminTokenRecord {
        AdminTokenRecord(tokenHash: Fixtures.hash(name), label: name, tenantID: tenant, createdAt: Fixtures.t0, expiresAt: expiresAt)
    }

    @Test(arguments: TestEngine.all)
    func theLastActiveUnscopedTokenCannotBeRevoked(engine: TestEngine) async throws {
        try await engine.withStore { store in
            try await store.createTenant(Fixtures.tenant())
            let (root, expiring, scoped) = (token("root"), token("ci", expiresAt: Fixtures.at(60)), token("ops", tenant: "ten_1"))
            for record in [root, expiring, scoped] { try await store.createAdminToken(record, audit: Fixtures.event()) }
            #expect(try await store.adminToken(id: root.id) == root)

            // At 120 s the expiring token no longer counts: root is the last one.
            #expect(try await store.revokeAdminToken(id: root.id, at: Fixtures.at(120), audit: Fixtures.event()) == .lastOwnerToken)
            #expect(try await store.adminToken(id: root.id)?.revokedAt == nil, "a refused revocation writes nothing")
            #expect(try await store.listAuditEvents(tenantID: nil, .init(size: 10)).items.count == 3, "nor its event")
            // A scoped token can always go; a revoked one cannot be revoked again.
            guard case .revoked(let revoked) = try await store.revokeAdminToken(id: scoped.id, at: Fixtures.at(120), audit: Fixtures.event()) else {
                Issue.record("the scoped token was not revoked")
                return
            }
            #expect(revoked.revokedAt == Fixtures.at(120) && !revoked.isActive(at: Fixtures.at(120)))
            await #expect(throws: StorageError.notFound) { try await store.revokeAdminToken(id: scoped.id, at: Fixtures.at(130), audit: Fixtures.event()) }
            await #expect(throws: StorageError.notFound) { try await store.revokeAdminToken(id: "nope", at: Fixtures.at(130), audit: Fixtures.event()) }
            // Before the other expires, root may go.
            guard case .revoked = try await store.revokeAdminToken(id: root.id, at: Fixtures.at(30), audit: Fixtures.event()) else {
                Issue.record("root was not revoked while another token was active")
                return
            }
        }
    }

    @Test(arguments: TestEngine.all)
    func twoRevocationsAtOnceLeaveOneToken(engine: TestEngine) async throws {
        try await engine.withTwoStores { first, second in
            try await first.migrate()
            try await second.migrate()
            let (a, b) = (token("a"), token("b"))
            try await first.createAdminToken(a, audit: Fixtures.event())
            try await first.createAdminToken(b, audit: Fixtures.event())
            async let one = first.revokeAdminToken(id: a.id, at: Fixtures.at(1), audit: Fixtures.event())
            async let other = second.revokeAdminToken(id: b.id, at: Fixtures.at(1), audit: Fixtures.event())
            let outcomes = try await [one, other]
            #expect(outcomes.filter { $0 == .lastOwnerToken }.count == 1, "\(outcomes)")
        }
    }

    @Test(arguments: TestEngine.all)
    func tokensAreListedAndGoWithTheirTenant(engine: TestEngine) async throws {
        try await engine.withStore { store in
            try await store.createTenant(Fixtures.tenant())
            try await store.createTenant(Fixtures.tenant("ten_2"))
            for record in [token("root"), token("one", tenant: "ten_1"), token("two", tenant: "ten_2")] {
                try await store.createAdminToken(record, audit: Fixtures.event())
            }
            #expect(try await store.listAdminTokens(.init(size: 10)).items.count == 3)
            try await store.deleteTenant(id: "ten_2")
            #expect(try await store.adminToken(hash: Fixtures.hash("two")) == nil, "a deleted tenant's tokens are gone")
            #expect(try await store.adminTokenCount() == 2)
        }
    }

    @Test(arguments: TestEngine.all)
    func upgradingGivesOldTokensTheIdAuditEventsNamedThemBy(engine: TestEngine) async throws {
        try await engine.withStore(migratedThrough: 9) { store in
            let hash = Data((0..<32).map { UInt8($0 * 7 % 256) })
            try await store.engine.run { db in
                try await db.raw("INSERT INTO admin_tokens (token_hash, label, created_at) VALUES (\(bind: hash), 'bootstrap', 0)").run()
            }
            try await store.migrate()
            let upgraded = try #require(try await store.adminToken(hash: hash))
            #expect(upgraded.id == "00070e151c232a31" && upgraded.id == AdminTokenRecord.id(forHash: hash))
            #expect(upgraded.tenantID == nil && upgraded.isActive(at: Fixtures.t0))
            #expect(try await store.adminToken(id: upgraded.id) == upgraded)
        }
    }
}
