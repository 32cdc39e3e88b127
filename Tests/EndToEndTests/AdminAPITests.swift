import Crypto
import Foundation
import IdentityProtocol
import SwiftASN1
import Testing
import X509
import ServerTestSupport

/// The admin API's failure paths and the rules it enforces.
@Suite struct AdminAPITests {
    @Test(arguments: ServerMode.allCases) func adminTokenIsRequiredAndChecked(mode: ServerMode) async throws {
        try await RunningServer.withRealm(mode) { server, _ in
            let anonymous = try await server.client().send("GET", "/v1/admin/tenants")
            #expect(anonymous.status == 401)
            #expect(anonymous.error == "unauthorized")
            let wrong = try await server.client(bearer: "bia_wrong").send("GET", "/v1/admin/tenants")
            #expect(wrong.status == 401)
            let file = try String(contentsOf: server.dataDirectory.appendingPathComponent("admin-token"), encoding: .utf8)
            #expect(file.trimmingCharacters(in: .whitespacesAndNewlines) == server.adminToken)
            let mode = try FileManager.default.attributesOfItem(
                atPath: server.dataDirectory.appendingPathComponent("admin-token").path)[.posixPermissions] as? Int
            #expect(mode == 0o600)
        }
    }

    /// An enrollment link not used yet can be revoked: it binds nothing after, a second revoke
    /// is a conflict, the revocation is audited; the console lists it revoked, without a Revoke.
    @Test func anEnrollmentLinkIsRevoked() async throws {
        try await RunningServer.withRealm(.router) { server, realm in
            let jobs = AdminAPI.bindingJobs(tenant: realm.tenantID, realm: realm.realmID, identity: realm.identityID)
            let job = try await server.admin.created(jobs, ["kind": "registration", "delivery": "return"])
            let id = try #require(job["id"] as? String)
            let link = try #require(job["credential_binding_link"] as? String)
            let token = try #require(URLComponents(string: link)?.queryItems?.first { $0.name == DeviceURLParameter.bindingToken }?.value)
            let revoked = try await server.admin.send("POST", jobs + "/\(id)/revoke")
            #expect(revoked.status == 200 && revoked.json["status"] as? String == "revoked")
            let again = try await server.admin.send("POST", jobs + "/\(id)/revoke")
            #expect(again.status == 409 && again.json["error_description"] as? String == "this link was used or revoked already")
            let device = TestDevice()
            #expect(try await device.bind(token: token, server: server).error == "invalid_binding_token")
            let events = try await server.admin.send("GET", "/v1/admin/audit-events?page_size=1000").json["items"] as? [[String: Any]] ?? []
            #expect(events.contains { $0["type"] as? String == "binding_job.revoked" && $0["subject_id"] as? String == id })

            let browser = ConsoleBrowser(server: server)
            try await browser.signIn(server.adminToken)
            try await browser.get("/tenants/\(realm.tenantID)/realms/\(realm.realmID)/identities/\(realm.identityID)")
            #expect(await browser.shows(#"<span class="state revoked">revoked</span>"#))
            let other = try await server.admin.created(jobs, ["kind": "registration", "delivery": "return", "lifetime_seconds": 3600])
            try await browser.get("/tenants/\(realm.tenantID)/realms/\(realm.realmID)/identities/\(realm.identityID)")
            let revoke = try #require(await browser.match(#"<form method="post" action="/console([^"]+/revoke)" class="inline">"#))
            let otherID = try #require(other["id"] as? String)
            #expect(revoke.hasSuffix("/binding-jobs/\(otherID)/revoke"))
            #expect(try await browser.post(revoke).status == 303)
        }
    }

    @Test(arguments: ServerMode.allCases) func unknownIdsWrongParentsAndBadInputAreFourHundreds(mode: ServerMode) async throws {
        try await RunningServer.withRealm(mode) { server, realm in
            let admin = server.admin
            #expect(try await admin.send("GET", "/v1/admin/tenants/nope").status == 404)
            let otherTenant = try await admin.created("/v1/admin/tenants", ["display_name": "Other"])
            let otherID = try #require(otherTenant["id"] as? String)
            let wrongParent = try await admin.send("GET", "/v1/admin/tenants/\(otherID)/realms/\(realm.realmID)")
            #expect(wrongParent.status == 404)
            #expect(wrongParent.error == "not_found")

            let malformed = try await admin.send(
                "POST", "/v1/admin/tenants", headers: ["Content-Type": "application/json"], body: Data("{".utf8))
            #expect(malformed.status == 400)
            #expect(malformed.error == "invalid_request")
            let asText = try await admin.send(
                "POST", "/v1/admin/tenants", headers: ["Content-Type": "text/plain"], body: Data(#"{"display_name":"x"}"#.utf8))
            #expect(asText.status == 415 && asText.error == "unsupported_media_type")
            let cases: [(String, [String: Any])] = [
                ("/v1/admin/tenants", ["display_name": ""]),
                ("\(realm.realmPath)/applications", ["display_name": "x", "client_type": "secretive",
                                                     "redirect_uris": ["https://a.example/cb"], "invoke_url": "https://a.example/i"]),
                ("\(realm.realmPath)/applications", ["display_name": "x", "client_type": "public",
                                                     "redirect_uris": ["https://a.example/cb#frag"], "invoke_url": "https://a.example/i"]),
                ("\(realm.realmPath)/applications", ["display_name": "x", "client_type": "public",
                                                     "redirect_uris": ["http://shop.example/cb"], "invoke_url": "https://a.example/i"]),
                ("\(realm.realmPath)/applications", ["display_name": "x", "client_type": "confidential",
                                                     "redirect_uris": ["https://a.example/cb"], "invoke_url": "javascript:alert(1)"]),
                ("\(realm.realmPath)/identities", ["username": "eve", "email": "eve@example.com\r\nBcc: x@y.z"]),
                ("\(realm.identityPath)/binding-jobs", ["kind": "steal"]),
                ("/v1/admin/tenants/\(realm.tenantID)/realms", ["display_name": "R", "registration_redirect_uri": "not a url"]),
            ]
            for (path, body) in cases {
                let reply = try await admin.send("POST", path, json: body)
                #expect(reply.status == 400, "\(path) \(body)")
                #expect(reply.error == "invalid_request")
            }
            let duplicate = try await admin.send("POST", "\(realm.realmPath)/identities", json: ["username": "ada"])
            #expect(duplicate.status == 409)
            #expect(duplicate.error == "conflict")
            #expect(duplicate.json["error_description"] as? String == "the realm already has an identity with username 'ada'")
            let oversized = try await admin.send(
                "POST", "/v1/admin/tenants", json: ["display_name": String(repeating: "x", count: 100_000)])
            #expect(oversized.status == 413)
        }
    }

    @Test(arguments: ServerMode.allCases) func applicationSecretsAreShownOnceAndRealmsHaveACA(mode: ServerMode) async throws {
        try await RunningServer.withRealm(mode) { server, realm in
            #expect(realm.confidential.clientSecret?.hasPrefix("bis_") == true)
            #expect(realm.publicClient.clientSecret == nil)
            // Prefixed: recognizable, and never a leading "-" that command lines take for a flag.
            #expect([realm.confidential, realm.publicClient].allSatisfy { $0.clientID.hasPrefix("bic_") })
            let listed = try await server.admin.send("GET", "\(realm.realmPath)/applications")
            let items = try #require(listed.json["items"] as? [[String: Any]])
            #expect(items.count == 2)
            #expect(items.allSatisfy { $0["client_secret"] == nil })
            #expect(Set(items.compactMap { $0["token_endpoint_auth_method"] as? String }) == ["client_secret_basic", "none"])

            let realmView = try await server.admin.send("GET", realm.realmPath)
            let root = try Certificate(pemEncoded: try #require(realmView.json["ca_certificate"] as? String))
            #expect(root.issuer == root.subject)
            #expect(try root.extensions.basicConstraints == .isCertificateAuthority(maxPathLength: 0))
        }
    }

    @Test(arguments: ServerMode.allCases) func listsPageAndSuspendedIdentitiesGetNoLinks(mode: ServerMode) async throws {
        try await RunningServer.withRealm(mode) { server, realm in
            for name in ["b", "c", "d", "e"] {
                _ = try await server.admin.created("\(realm.realmPath)/identities", ["username": name])
            }
            var seen: [String] = []
            var cursor: String?
            repeat {
                let query = "page_size=2" + (cursor.map { "&cursor=\($0)" } ?? "")
                let page = try await server.admin.send("GET", "\(realm.realmPath)/identities?\(query)")
                let items = try #require(page.json["items"] as? [[String: Any]])
                #expect(items.count <= 2)
                seen += items.compactMap { $0["username"] as? String }
                cursor = page.json["next_cursor"] as? String
            } while cursor != nil
            #expect(seen.sorted() == ["ada", "b", "c", "d", "e"])
            #expect(try await server.admin.send("GET", "\(realm.realmPath)/identities?page_size=0").status == 400)

            _ = try await server.admin.send("PATCH", realm.identityPath, json: ["status": "suspended"])
            let refused = try await server.admin.send(
                "POST", "\(realm.identityPath)/binding-jobs", json: ["kind": "registration", "delivery": "return"])
            #expect(refused.status == 403)
            #expect(refused.error == "identity_inactive")

            #expect(try await server.admin.send("DELETE", realm.identityPath).status == 204)
            let deleted = try await server.admin.send("GET", realm.identityPath)
            #expect(deleted.json["status"] as? String == "deleted")
            let events = try await server.admin.send("GET", "/v1/admin/audit-events?page_size=1000")
            let items = try #require(events.json["items"] as? [[String: Any]])
            #expect(items.compactMap { $0["type"] as? String }.contains("admin.identity.deleted"))

            // Every admin change names the token that made it: its label and a hash-derived id, never
            // the token. (The bootstrap token's own creation is the server's, at first start.)
            let tokenID = SHA256.hash(data: Data(server.adminToken.utf8)).prefix(8).map { String(format: "%02x", $0) }.joined()
            let adminEvents = items.filter {
                ($0["type"] as? String)?.hasPrefix("admin.") == true && $0["type"] as? String != "admin.token.created"
            }
            #expect(!adminEvents.isEmpty)
            for event in adminEvents {
                let detail = try JSONSerialization.jsonObject(with: Data(try #require(event["detail"] as? String).utf8)) as? [String: String]
                // A change of an identity's status names the new one (issue 34: identity.suspended webhooks).
                #expect(detail?.filter { $0.key != "status" } == ["by": "admin", "admin_token": "bootstrap", "admin_token_id": tokenID, "via": "api"], "\(event)")
            }
        }
    }
}
