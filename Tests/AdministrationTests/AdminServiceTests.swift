import Administration
import Foundation
import IdentityProtocol
import IdentityStorage
import IdentityStorageTestSupport
import Testing

import IdentityServerCore
import ServerTestSupport

/// The admin service without HTTP: who acted is audited, storage errors answer as the API does.
@Suite struct AdminServiceTests {
    @Test func everyChangeIsAuditedWithTheAdministratorWhoMadeIt() async throws {
        try await ServiceFixture.with { fixture in
            let tenant = try await fixture.admin(as: "ops").createTenant(TenantInput(displayName: "Acme"))
            let events = try await fixture.store.listAuditEvents(tenantID: nil, PageRequest(size: 10)).items
            let created = try #require(events.first { $0.type == "admin.tenant.created" })
            #expect(created.subjectID == tenant.id)
            #expect(created.occurredAt == fixture.clock.now())
            let detail = try JSONSerialization.jsonObject(with: Data(created.detailJSON.utf8)) as? [String: String]
            #expect(detail?["by"] == "admin" && detail?["admin_token"] == "ops")
            #expect(detail?["admin_token_id"]?.count == 16)
        }
    }

    @Test func aTakenUsernameIsAConflictNotAServerError() async throws {
        try await ServiceFixture.with { fixture in
            let seeded = try await fixture.seedRealm()
            await #expect(throws: ServerError(APIErrorCode.conflict, "taken")) {
                try await fixture.admin().createIdentity(seeded.realm, IdentityInput(username: "ada"))
            }
        }
    }

    @Test func enumeratedInputsAreParsedOrRefusedByName() async throws {
        try await ServiceFixture.with { fixture in
            let seeded = try await fixture.seedRealm()
            await #expect(throws: ServerError.invalidRequest("'status' must be one of: active, suspended, deleted")) {
                try await fixture.admin().createIdentity(
                    seeded.realm, IdentityInput(username: "bob", status: "archived"))
            }
            let suspended = try await fixture.admin().createIdentity(
                seeded.realm, IdentityInput(username: "bob", status: "suspended"))
            #expect(suspended.status == .suspended)
            // An identity's id tells nobody when it was made: a random (version 4) UUID.
            #expect(Array(suspended.id.utf8)[14] == UInt8(ascii: "4"), "\(suspended.id)")
            #expect(try await fixture.store.identity(id: suspended.id)?.status == .suspended)
        }
    }

    @Test func newApplicationsMayAskForProfileAndEmailByDefault() async throws {
        try await ServiceFixture.with { fixture in
            let seeded = try await fixture.seedRealm()
            let application = try await fixture.store.application(clientID: seeded.clientID)
            #expect(application?.allowedScopes == ["openid", "profile", "email", "groups", "offline_access"])
        }
    }
}
