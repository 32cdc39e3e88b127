import Foundation
import HTTPTypes
import Hummingbird
import IdentityServer
import IdentityStorage
import IdentityStorageTestSupport
import Prometheus
import Testing
import IdentityServerCore
import ServerTestSupport

/// Admin tokens as a resource: shown once, listed, revoked, expiring, and scoped to a tenant.
@Suite struct AdminTokenTests {
    @Test(arguments: ServerMode.allCases) func tokensAreShownOnceRevokedAndExpire(mode: ServerMode) async throws {
        let clock = TestClock()
        try await RunningServer.withRealm(mode, configure: { $0.now = clock.now }) { server, _ in
            let bootstrap = try await server.admin.send("GET", "/v1/admin/tokens")
            let bootstrapID = try #require((bootstrap.json["items"] as? [[String: Any]])?.first?["id"] as? String)
            let alone = try await server.admin.send("POST", "/v1/admin/tokens/\(bootstrapID)/revoke")
            #expect(alone.status == 409 && alone.error == "conflict", "the last token for every tenant stays")

            let created = try await server.admin.created("/v1/admin/tokens", ["label": "ci", "expires_in": 3600])
            let ciToken = try #require(created["token"] as? String)
            #expect(ciToken.hasPrefix("bia_") && created["status"] as? String == "active")
            #expect(created["expires_at"] != nil && created["tenant_id"] == nil)
            let listed = try await server.admin.send("GET", "/v1/admin/tokens")
            let items = try #require(listed.json["items"] as? [[String: Any]])
            #expect(items.count == 2 && items.allSatisfy { $0["token"] == nil }, "a token is shown only when created")
            let ci = server.client(bearer: ciToken)
            #expect(try await ci.send("GET", "/v1/admin/tenants").status == 200)

            // The bootstrap token can go once another unscoped token is active.
            let revoked = try await ci.send("POST", "/v1/admin/tokens/\(bootstrapID)/revoke")
            #expect(revoked.status == 200 && revoked.json["status"] as? String == "revoked")
            let refused = try await server.admin.send("GET", "/v1/admin/tenants")
            #expect(refused.status == 401 && refused.error == "unauthorized")
            #expect((refused.json["error_description"] as? String)?.contains("revoked") == true)
            #expect(try await ci.send("POST", "/v1/admin/tokens/\(bootstrapID)/revoke").status == 200, "revoking again changes nothing")
            let last = try await ci.send("POST", "/v1/admin/tokens/\(try #require(created["id"] as? String))/revoke")
            #expect(last.status == 409)

            clock.advance(by: 3601)
            let expired = try await ci.send("GET", "/v1/admin/tenants")
            #expect(expired.status == 401 && (expired.json["error_description"] as? String)?.contains("expired") == true)

            let events = try await server.instance.store.listAuditEvents(tenantID: nil, .init(size: 100)).items
            let refusals = events.filter { $0.type == "admin.refused" }.map(\.detailJSON)
            #expect(refusals.contains { $0.contains(#""reason":"revoked_token""#) && $0.contains(bootstrapID) })
            #expect(refusals.contains { $0.contains(#""reason":"expired_token""#) })
            let revocation = try #require(events.first { $0.type == "admin.token.revoked" })
            #expect(revocation.subjectID == bootstrapID && revocation.detailJSON.contains(#""admin_token_id":"\#(created["id"]!)""#))
        }
    }

    @Test func badTokenRequestsAreRefused() async throws {
        try await RunningServer.withRealm(.router) { server, _ in
            let cases: [([String: Any], Int)] = [
                ([:], 400), (["label": ""], 400), (["label": "x", "expires_in": 59], 400),
                (["label": "x", "expires_in": 11 * 366 * 86_400], 400), (["label": "x", "tenant_id": "nope"], 404),
            ]
            for (body, status) in cases {
                #expect(try await server.admin.send("POST", "/v1/admin/tokens", json: body).status == status, "\(body)")
            }
            #expect(try await server.admin.send("POST", "/v1/admin/tokens/nope/revoke").status == 404)
            let noToken = try await server.client().send("GET", "/v1/admin/tokens")
            #expect(noToken.status == 401 && (noToken.json["error_description"] as? String)?.contains("Bearer") == true)
        }
    }

    /// Every route under `/tenants/:tenant`, taken from the route table so that a new route
    /// cannot escape the test, answers a token of another tenant `404`; the server-wide
    /// routes answer it `403` or show only its own tenant.
    @Test(arguments: ServerMode.allCases) func aTenantScopedTokenSeesNoOtherTenant(mode: ServerMode) async throws {
        try await RunningServer.withRealm(mode) { server, realm in
            let other = try await server.admin.created("/v1/admin/tenants", ["display_name": "Other"])
            let otherID = try #require(other["id"] as? String)
            let scoped = try await server.admin.created("/v1/admin/tokens", ["label": "other-ops", "tenant_id": otherID])
            let client = server.client(bearer: try #require(scoped["token"] as? String))
            let applicationPath = try await realm.adminPath(of: realm.confidential)
            let values = [
                "tenant": realm.tenantID, "realm": realm.realmID, "identity": realm.identityID,
                "application": String(applicationPath.split(separator: "/").last!),
            ]
            let routes = server.instance.routeTable
            let tenantRoutes = routes.filter { $0.path.description.hasPrefix("/v1/admin/tenants/{tenant}") && $0.method != .head }
            #expect(tenantRoutes.count >= 25)
            for route in tenantRoutes {
                let path = route.path.description.split(separator: "/").map { part in
                    part.hasPrefix("{") ? values[String(part.dropFirst().dropLast()), default: "x"] : String(part)
                }.joined(separator: "/")
                let reply = try await client.send(route.method.rawValue, "/" + path, json: route.method == .get || route.method == .delete ? nil : [:])
                #expect(reply.status == 404 && reply.json["error_description"] as? String == "no such tenant", "\(route)")
            }
            // Its own tenant is its to administer, except deleting it.
            #expect(try await client.created("/v1/admin/tenants/\(otherID)/realms", [
                "display_name": "Theirs", "registration_redirect_uri": TestRealm.registrationRedirect]).isEmpty == false)
            let delete = try await client.send("DELETE", "/v1/admin/tenants/\(otherID)")
            #expect(delete.status == 403 && delete.error == "forbidden")
            // Server-wide routes.
            let tenants = try await client.send("GET", "/v1/admin/tenants")
            #expect((tenants.json["items"] as? [[String: Any]])?.compactMap { $0["id"] as? String } == [otherID])
            #expect(try await client.send("POST", "/v1/admin/tenants", json: ["display_name": "Mine"]).status == 403)
            for (method, path) in [("GET", "/v1/admin/tokens"), ("POST", "/v1/admin/tokens"), ("GET", "/v1/admin/tokens/x"),
                                   ("POST", "/v1/admin/tokens/x/revoke"), ("GET", "/v1/admin/operators"), ("POST", "/v1/admin/operators"),
                                   ("GET", "/v1/admin/operators/x"), ("PATCH", "/v1/admin/operators/x")] {
                let body: [String: Any]? = method == "GET" ? nil : ["label": "more", "username": "more", "role": "support"]
                let reply = try await client.send(method, path, json: body)
                #expect(reply.status == 403 && reply.error == "forbidden", "\(method) \(path)")
            }
            let events = try #require(try await client.send("GET", "/v1/admin/audit-events?page_size=1000").json["items"] as? [[String: Any]])
            #expect(!events.isEmpty && events.allSatisfy { $0["tenant_id"] as? String == otherID })
            for reason in ["other_tenant", "server_wide"] {
                #expect(events.contains { $0["type"] as? String == "admin.refused" && ($0["detail"] as? String)?.contains(reason) == true })
            }
            let serverWide = routes.filter {
                $0.path.description.hasPrefix("/v1/admin") && !$0.path.description.hasPrefix("/v1/admin/tenants/{tenant}")
                    && $0.method != .head
            }
            #expect(Set(serverWide.map(\.description)) == [
                "GET /v1/admin/audit-events", "GET /v1/admin/tenants", "POST /v1/admin/tenants", "GET /v1/admin/tokens",
                "POST /v1/admin/tokens", "GET /v1/admin/tokens/{token}", "POST /v1/admin/tokens/{token}/revoke",
                "GET /v1/admin/operators", "POST /v1/admin/operators", "GET /v1/admin/operators/{operator}",
                "PATCH /v1/admin/operators/{operator}",
            ], "each server-wide route is tried above")
        }
    }
}
