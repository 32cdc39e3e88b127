import Foundation
import IdentityProtocol
import Testing
import ServerTestSupport

/// Provisioning tokens: each opens its own realm's SCIM service (`{issuer}/scim/v2`) and nothing
/// else — not another realm's, not the admin API; shown once, revoked at once.
@Suite struct SCIMProvisioningTokenTests {
    @Test(arguments: ServerMode.allCases) func aTokenOpensItsRealmsServiceOnly(mode: ServerMode) async throws {
        try await RunningServer.withRealm(mode) { server, realm in
            let admin = server.admin
            let tokens = AdminAPI.provisioningTokens(tenant: realm.tenantID, realm: realm.realmID)
            let created = try await admin.created(tokens, ["label": "entra"])
            let token = try #require(created["token"] as? String)
            let id = try #require(created["id"] as? String)
            #expect(token.hasPrefix("bip_"))
            #expect(created["status"] as? String == "active" && created["realm_id"] as? String == realm.realmID)
            let base = Self.base(realm.tenantID, realm.realmID)
            #expect((created["scim_base_url"] as? String)?.hasSuffix(base) == true)

            let config = try await server.client(bearer: token).send("GET", "\(base)/ServiceProviderConfig")
            #expect(config.status == 200)
            #expect(config.header("Content-Type") == "application/scim+json")
            #expect(config.json["schemas"] as? [String] == ["urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig"])

            // Never the admin API, nor another realm of the tenant, nor another tenant's.
            #expect(try await server.client(bearer: token).send("GET", AdminAPI.tenants).status == 401)
            let otherRealm = try await admin.created(AdminAPI.realms(tenant: realm.tenantID), [
                "display_name": "Staff", "registration_redirect_uri": TestRealm.registrationRedirect,
            ])
            let otherRealmID = try #require(otherRealm["id"] as? String)
            let elsewhere = try await server.client(bearer: token).send(
                "GET", "\(Self.base(realm.tenantID, otherRealmID))/ServiceProviderConfig")
            Self.expectUnauthorized(elsewhere)
            let otherTenant = try await admin.created(AdminAPI.tenants, ["display_name": "Other"])
            let otherTenantID = try #require(otherTenant["id"] as? String)
            Self.expectUnauthorized(try await server.client(bearer: token).send(
                "GET", "\(Self.base(otherTenantID, realm.realmID))/ServiceProviderConfig"))
            // Nor an admin token, nor none.
            Self.expectUnauthorized(try await server.admin.send("GET", "\(base)/ServiceProviderConfig"))
            Self.expectUnauthorized(try await server.client().send("GET", "\(base)/ServiceProviderConfig"))

            // Listed and read without the token itself; revoked, it stops at once.
            let listed = try await admin.send("GET", tokens)
            let items = try #require(listed.json["items"] as? [[String: Any]])
            #expect(items.map { $0["id"] as? String } == [id] && items.allSatisfy { $0["token"] == nil })
            let revoked = try await admin.send("POST", AdminAPI.revokeProvisioningToken(tenant: realm.tenantID, realm: realm.realmID, token: id))
            #expect(revoked.status == 200 && revoked.json["status"] as? String == "revoked")
            Self.expectUnauthorized(try await server.client(bearer: token).send("GET", "\(base)/ServiceProviderConfig"))
            // Another realm's path does not find this realm's token.
            let wrongParent = try await admin.send(
                "GET", AdminAPI.provisioningToken(tenant: realm.tenantID, realm: otherRealmID, token: id))
            #expect(wrongParent.status == 404)

            let events = try await admin.send("GET", AdminAPI.page(AdminAPI.auditEvents, size: 1000, cursor: nil))
            let types = (events.json["items"] as? [[String: Any]] ?? []).compactMap { $0["type"] as? String }
            #expect(types.contains("admin.provisioning_token.created") && types.contains("admin.provisioning_token.revoked"))
            let refusals = (events.json["items"] as? [[String: Any]] ?? []).filter { $0["type"] as? String == "scim.refused" }
            let reasons = refusals.compactMap { event in
                (event["detail"] as? String).flatMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }?["reason"]
                    as? String
            }
            #expect(Set(reasons) == ["other_realm", "revoked_token"], "\(refusals)")
        }
    }

    @Test func aDeletedRealmTakesItsTokensAlong() async throws {
        try await RunningServer.withRealm(.router) { server, realm in
            let created = try await server.admin.created(
                AdminAPI.provisioningTokens(tenant: realm.tenantID, realm: realm.realmID), ["label": "okta"])
            let token = try #require(created["token"] as? String)
            #expect(try await server.admin.send("DELETE", realm.realmPath).status == 204)
            Self.expectUnauthorized(try await server.client(bearer: token).send(
                "GET", "\(Self.base(realm.tenantID, realm.realmID))/ServiceProviderConfig"))
        }
    }

    @Test func biAdminManagesProvisioningTokens() async throws {
        try await RunningServer.withRealm(.live) { server, realm in
            let env = ["BI_SERVER": server.baseURL, "BI_ADMIN_TOKEN": server.adminToken]
            func bi(_ arguments: [String]) async throws -> [String: Any] {
                let result = try await BICommand.run(
                    ["admin", "provisioning-tokens"] + arguments + ["--tenant", realm.tenantID, "--realm", realm.realmID, "--json"],
                    environment: env)
                try #require(result.status == 0, "bi admin provisioning-tokens \(arguments): \(result.stderr)")
                return result.json
            }
            let created = try await bi(["create", "--label", "entra", "--expires-in", "3600"])
            let (id, token) = (try #require(created["id"] as? String), try #require(created["token"] as? String))
            #expect(created["scim_base_url"] as? String == "\(server.baseURL)\(Self.base(realm.tenantID, realm.realmID))")
            #expect(try await server.client(bearer: token).send("GET", "\(Self.base(realm.tenantID, realm.realmID))/ServiceProviderConfig")
                .status == 200)
            #expect((try await bi(["list"])["items"] as? [[String: Any]])?.compactMap { $0["id"] as? String } == [id])
            #expect(try await bi(["get", "--id", id])["token"] == nil)
            #expect(try await bi(["revoke", "--id", id])["status"] as? String == "revoked")
        }
    }

    /// The realm's SCIM base path.
    static func base(_ tenantID: String, _ realmID: String) -> String { "/v1/tenants/\(tenantID)/realms/\(realmID)/scim/v2" }

    /// `401` as RFC 7644 §3.12 answers it: the error message's schema, the status as a string,
    /// a bearer challenge, `application/scim+json`.
    static func expectUnauthorized(_ reply: HTTPTestClient.Reply, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(reply.status == 401, sourceLocation: sourceLocation)
        #expect(reply.header("Content-Type") == "application/scim+json", sourceLocation: sourceLocation)
        #expect(reply.json["schemas"] as? [String] == ["urn:ietf:params:scim:api:messages:2.0:Error"], sourceLocation: sourceLocation)
        #expect(reply.json["status"] as? String == "401", sourceLocation: sourceLocation)
        #expect(reply.header("WWW-Authenticate")?.hasPrefix("Bearer") == true, sourceLocation: sourceLocation)
    }
}
