import Foundation
import Hummingbird
import IdentityServer
import IdentityStorage
import IdentityStorageTestSupport
import Testing
import IdentityServerCore
import ServerTestSupport

/// Admin tokens' roles, checked by the admin service the API and the console share: every route
/// of the API is tried with each role, from the route table so that a new route cannot escape.
@Suite struct AdminRoleTests {
    /// What support may change: identities, their credentials, sessions and enrollment links,
    /// but not delete an identity.
    private static func supportMayChange(_ method: String, _ path: String) -> Bool {
        path.contains("/identities") && !(method == "DELETE" && path.hasSuffix("/identities/{identity}"))
    }

    /// What support may not read: applications, signing keys, webhooks, provisioning tokens.
    private static func supportMayRead(_ path: String) -> Bool {
        !["/applications", "/signing-keys", "/webhooks", "/provisioning-tokens"].contains { path.contains($0) }
    }

    @Test func eachRoleIsRefusedExactlyWhatItDoesNotPermit() async throws {
        try await RunningServer.withRealm(.router) { server, realm in
            let values = [
                "tenant": realm.tenantID, "realm": realm.realmID, "identity": realm.identityID,
                "application": String(try await realm.adminPath(of: realm.confidential).split(separator: "/").last!),
            ]
            let routes = server.instance.routeTable.filter {
                $0.path.description.hasPrefix("/v1/admin/tenants/{tenant}") && $0.method != .head
            }
            #expect(routes.count >= 25)
            for role in ["auditor", "support"] {
                let token = try await server.admin.created(
                    "/v1/admin/tokens", ["label": role, "role": role, "tenant_id": realm.tenantID])
                #expect(token["role"] as? String == role)
                let client = server.client(bearer: try #require(token["token"] as? String))
                for route in routes {
                    let pattern = route.path.description
                    let path = pattern.split(separator: "/").map { part in
                        part.hasPrefix("{") ? values[String(part.dropFirst().dropLast()), default: "x"] : String(part)
                    }.joined(separator: "/")
                    let method = route.method.rawValue
                    // Every deletion is refused to both roles; what support may change is tried on a
                    // missing resource or with an empty body.
                    let reply = try await client.send(method, "/" + path, json: method == "GET" || method == "DELETE" ? nil : [:])
                    let permitted = method == "GET"
                        ? role == "auditor" || Self.supportMayRead(pattern)
                        : role == "support" && Self.supportMayChange(method, pattern)
                    if permitted {
                        #expect(reply.status != 403, "\(role) \(route)")
                    } else {
                        #expect(reply.status == 403 && reply.error == "forbidden", "\(role) \(route)")
                        // Deleting the tenant needs every tenant, whatever the role.
                        let refusal = method == "DELETE" && pattern.hasSuffix("{tenant}") ? "a token scoped to one tenant cannot " : "the \(role) role cannot "
                        #expect((reply.json["error_description"] as? String)?.hasPrefix(refusal) == true, "\(route)")
                    }
                }
                // Nothing server-wide.
                for (method, path) in [("POST", "/v1/admin/tenants"), ("GET", "/v1/admin/tokens"), ("POST", "/v1/admin/tokens")] {
                    let reply = try await client.send(method, path, json: method == "POST" ? ["label": "x", "display_name": "x"] : nil)
                    #expect(reply.status == 403, "\(role) \(method) \(path)")
                }
                #expect(try await client.send("GET", "/v1/admin/audit-events").status == 200)
            }
            // Every refusal is audited with the role and what it lacked (one event per token and
            // reason a minute, counting the others).
            let refusals = try await server.instance.store.listAuditEvents(
                AuditEventFilter(type: "admin.refused"), order: .oldestFirst, .init(size: 1000)
            ).items.map(\.detailJSON)
            for role in ["auditor", "support"] {
                #expect(refusals.contains { $0.contains(#""reason":"role""#) && $0.contains(#""role":"\#(role)""#) && $0.contains(#""permission":"#) })
            }
        }
    }

    @Test func supportHelpsPeopleAndATenantAdminRunsItsTenant() async throws {
        try await RunningServer.withRealm(.router) { server, realm in
            let support = server.client(bearer: try #require(try await server.admin.created(
                "/v1/admin/tokens", ["label": "helpdesk", "role": "support", "tenant_id": realm.tenantID])["token"] as? String))
            let identities = "/v1/admin/tenants/\(realm.tenantID)/realms/\(realm.realmID)/identities"
            #expect(try await support.send("POST", "\(identities)/\(realm.identityID)/binding-jobs", json: [
                "delivery": "return",
            ]).status == 201)
            let suspended = try await support.send("PATCH", "\(identities)/\(realm.identityID)", json: ["status": "suspended"])
            #expect(suspended.status == 200 && suspended.json["status"] as? String == "suspended")
            #expect(try await support.send("DELETE", "\(identities)/\(realm.identityID)").status == 403)

            let admin = server.client(bearer: try #require(try await server.admin.created(
                "/v1/admin/tokens", ["label": "tenant-ops", "role": "tenant_admin", "tenant_id": realm.tenantID])["token"] as? String))
            #expect(try await admin.send("POST", "/v1/admin/tenants/\(realm.tenantID)/realms/\(realm.realmID)/signing-keys/rotate").status == 200)
            #expect(try await admin.send("DELETE", "\(identities)/\(realm.identityID)").status == 204)
            #expect(try await admin.send("DELETE", "/v1/admin/tenants/\(realm.tenantID)").status == 403)
        }
    }

    /// The operators' tenant is the owners' alone: whoever could send one of its identities an
    /// enrollment link could become that operator.
    @Test func onlyOwnersReachTheOperatorsTenant() async throws {
        try await RunningServer.withRealm(.live) { server, _ in
            _ = try await server.instance.prepareOperators()
            let identities = "/v1/admin/tenants/operators/realms/operators/identities"
            #expect(try await server.admin.send("GET", identities).status == 200)
            for role in ["tenant_admin", "support", "auditor"] {
                let token = try await server.admin.created("/v1/admin/tokens", ["label": role, "role": role])
                let client = server.client(bearer: try #require(token["token"] as? String))
                let reply = try await client.send("GET", identities)
                #expect(reply.status == 404 && reply.json["error_description"] as? String == "no such tenant", "\(role)")
            }
            let delete = try await server.admin.send("DELETE", "/v1/admin/tenants/operators")
            #expect(delete.status == 409 && delete.error == "conflict")
        }
    }

    @Test func tokensAreMadeWithARoleAndListedWithTheirLastUse() async throws {
        let clock = TestClock()
        try await RunningServer.withRealm(.router, configure: { $0.now = clock.now }) { server, realm in
            for (body, description) in [
                (["label": "x", "role": "owner", "tenant_id": realm.tenantID], "an owner's token covers every tenant: leave 'tenant_id' out, or choose another 'role'"),
                (["label": "x", "role": "root"], "'role' must be one of: owner, tenant_admin, auditor, support"),
            ] {
                let reply = try await server.admin.send("POST", "/v1/admin/tokens", json: body)
                #expect(reply.status == 400 && reply.json["error_description"] as? String == description)
            }
            let scoped = try await server.admin.created("/v1/admin/tokens", ["label": "ops", "tenant_id": realm.tenantID])
            let everywhere = try await server.admin.created("/v1/admin/tokens", ["label": "root"])
            #expect(scoped["role"] as? String == "tenant_admin" && everywhere["role"] as? String == "owner")
            #expect(scoped["last_used_at"] == nil)
            let id = try #require(scoped["id"] as? String)
            let ops = server.client(bearer: try #require(scoped["token"] as? String))
            #expect(try await ops.send("GET", "/v1/admin/tenants").status == 200)
            let used = try await server.admin.send("GET", "/v1/admin/tokens/\(id)")
            let first = try #require(used.json["last_used_at"] as? String)
            // Within the minute a call writes nothing; after it, the time moves on.
            clock.advance(by: 30)
            _ = try await ops.send("GET", "/v1/admin/tenants")
            #expect(try await server.admin.send("GET", "/v1/admin/tokens/\(id)").json["last_used_at"] as? String == first)
            clock.advance(by: 31)
            _ = try await ops.send("GET", "/v1/admin/tenants")
            #expect(try await server.admin.send("GET", "/v1/admin/tokens/\(id)").json["last_used_at"] as? String != first)
        }
    }
}
