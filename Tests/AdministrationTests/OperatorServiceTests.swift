import Foundation
import IdentityProtocol
import IdentityServerCore
import IdentityStorage
import Testing
import Administration
import ServerTestSupport

/// Operators' roles at the service: an operator does not change their own, an owner changes
/// another's (audited as theirs), and an owner's reach stays every tenant.
@Suite struct OperatorServiceTests {
    @Test func anOperatorChangesAnothersRoleButNotTheirOwn() async throws {
        try await ServiceFixture.with { fixture in
            let seeded = try await fixture.seedRealm()
            let now = fixture.clock.now()
            func make(_ id: String, _ role: AdminRole) async throws -> OperatorRecord {
                let identity = IdentityRecord(
                    id: id, tenantID: seeded.tenantID, realmID: seeded.realmID, username: id, email: nil, displayName: id, status: .active,
                    createdAt: now, updatedAt: now)
                let record = OperatorRecord(identityID: id, role: role, createdAt: now, updatedAt: now)
                try await fixture.store.createOperator(record, identity: identity, audit: [])
                return record
            }
            let owner = try await make("lin", .owner)
            _ = try await make("grace", .support)
            let acting = AdminService(
                store: fixture.store, keyring: fixture.keyring, audit: fixture.audit, lifetimes: fixture.lifetimes, baseURL: fixture.baseURL,
                now: fixture.now, admin: AdminPrincipal(owner, username: "lin", provedAt: now))

            await #expect(throws: ServerError(APIErrorCode.conflict, "operators do not change their own role: another owner can")) {
                try await acting.updateOperator("lin", OperatorInput(role: "auditor"))
            }
            await #expect(throws: ServerError.invalidRequest("an owner's reach is every tenant: leave 'tenant_id' out, or choose another 'role'")) {
                try await acting.updateOperator("grace", OperatorInput(role: "owner", tenantID: seeded.tenantID))
            }
            let changed = try await acting.updateOperator("grace", OperatorInput(role: "tenant_admin", tenantID: seeded.tenantID))
            #expect(changed.role == "tenant_admin" && changed.tenantID == seeded.tenantID)
            #expect(try await fixture.store.operatorRecord(identityID: "grace")?.role == .tenantAdmin)
            let event = try #require(try await fixture.store.listAuditEvents(
                AuditEventFilter(type: "admin.operator.updated"), order: .newestFirst, PageRequest(size: 1)).items.first)
            #expect(event.subjectID == "grace" && event.detailJSON.contains(#""by":"operator""#) && event.detailJSON.contains(#""operator_id":"lin""#))
            await #expect(throws: ServerError.notFound("no such operator")) { try await acting.operator(seeded.identityID) }

            // Five minutes after their sign-in, a dangerous change asks them to prove it is them again.
            fixture.clock.advance(by: AdminService.recentProof + 1)
            await #expect(throws: AdminStepUpRequired(action: "change an operator's role")) {
                try await acting.updateOperator("grace", OperatorInput(role: "auditor"))
            }
            await #expect(throws: AdminStepUpRequired(action: "rotate signing keys")) { try await acting.rotateSigningKeys(seeded.realm) }
            #expect(try await acting.operator("grace").role == "tenant_admin", "reading needs no fresh proof")
            // An admin token is a machine's: never asked.
            _ = try await fixture.admin().rotateSigningKeys(seeded.realm)
        }
    }
}
