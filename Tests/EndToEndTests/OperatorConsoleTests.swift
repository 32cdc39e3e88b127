import Foundation
import IdentityProtocol
import IdentityServer
import Testing
import ServerTestSupport
import TestProcessSupport

/// Operators as people, in a real headless Chromium with a virtual authenticator: the first
/// owner enrolls a passkey from the link the first start shows, signs in on the operators'
/// account page with it, and that session opens the console with the owner's role; suspended,
/// the operator is signed out of the console at once.
@Suite(.requires(.chromium, .webauthn)) struct OperatorConsoleTests {
    @Test func theFirstOwnerEnrollsFromTheLinkAndSignsInToTheConsoleWithAPasskey() async throws {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("bi-operator-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }
        let saved = work.appendingPathComponent("credential.json").path
        try await PasskeyBrowserTests.withServer { server, _ in
            let link = try #require(try await server.instance.prepareOperators())
            #expect(try await server.instance.prepareOperators() == nil, "one first owner, one link")
            let registered = try await PasskeyBrowserTests.browser([
                "register", "--url", link, "--rp-id", "localhost", "--origin", server.baseURL, "--save-credential", saved,
            ])
            try #require(registered["state"] as? String == "created", "\(registered["status_text"] ?? "")")

            // Signed out, the console's sign-in page leads operators to their account page.
            let console = ConsoleBrowser(server: server)
            try await console.get("/sign-in")
            let account = try #require(await console.match(#"id="operator-sign-in" href="([^"]*)""#))
            #expect(account == server.baseURL + AdminAPI.realm(tenant: "operators", realm: "operators").replacingOccurrences(
                of: "/v1/admin/tenants", with: "/v1/tenants") + "/account")
            let signedIn = try await PasskeyBrowserTests.browser([
                "account", "--url", account, "--rp-id", "localhost", "--origin", server.baseURL, "--credential-file", saved,
                "--save-credential", saved,
            ])
            #expect((signedIn["page_text"] as? String)?.contains("Signed in as owner") == true, "\(signedIn["status_text"] ?? "")")
            let secret = try #require((signedIn["cookies"] as? [String: String])?["bi_account_operators"])

            // That session is the console's, with the owner's role; a change is audited as theirs.
            await console.plant("bi_account_operators", secret)
            #expect(try await console.get("").status == 200)
            #expect(await console.page.contains(#"owner <span class="role">owner</span>"#))
            #expect(try await console.get("/admin-tokens").status == 200)
            try await console.get("/tenants")
            #expect(try await console.post("/tenants", ["display_name": "Initech"]).status == 303)
            let events = try await server.admin.allItems(AdminAPI.auditEvents)
            let created = try #require(events.last { $0["type"] as? String == "admin.tenant.created" })
            let detail = try #require(created["detail"] as? String)
            #expect(detail.contains(#""by":"operator""#) && detail.contains(#""operator":"owner""#) && detail.contains(#""via":"console""#))

            // Suspended, the operator is signed out of the console at once.
            let owners = try await server.admin.send("GET", AdminAPI.identities(tenant: "operators", realm: "operators"))
            let ownerID = try #require((owners.json["items"] as? [[String: Any]])?.first?["id"] as? String)
            let suspended = try await server.admin.send(
                "PATCH", AdminAPI.identity(tenant: "operators", realm: "operators", identity: ownerID), json: ["status": "suspended"])
            #expect(suspended.status == 200)
            let after = try await console.get("")
            #expect(after.status == 303 && after.header("Location")?.contains("/console/sign-in") == true)
        }
    }
}
