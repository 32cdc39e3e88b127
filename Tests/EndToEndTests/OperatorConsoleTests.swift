import Foundation
import IdentityProtocol
import IdentityServer
import Testing
import ServerTestSupport
import TestProcessSupport

/// Operators as people, in a real headless Chromium with a virtual authenticator: the first
/// owner enrolls a passkey from the link the first start shows, signs in on the operators'
/// account page with it, and that session opens the console with the owner's role; a dangerous
/// change five minutes later asks for the passkey again; suspended, the operator is signed out of
/// the console at once.
@Suite(.requires(.chromium, .webauthn)) struct OperatorConsoleTests {
    @Test func theFirstOwnerEnrollsFromTheLinkAndSignsInToTheConsoleWithAPasskey() async throws {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("bi-operator-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }
        let saved = work.appendingPathComponent("credential.json").path
        let clock = TestClock()
        try await PasskeyBrowserTests.withServer(clock: clock) { server, realm in
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

            // Rotating a realm's keys needs a sign-in of the last five minutes: this one is.
            let rotate = "/tenants/\(realm.tenantID)/realms/\(realm.realmID)/signing-keys/rotate"
            #expect(try await console.get(rotate).status == 200)
            clock.advance(by: 301)
            let asked = try await console.get(rotate)
            #expect(asked.status == 403)
            #expect(await console.page.contains("To rotate signing keys, the console needs you to have signed in"))
            let proof = try #require(await console.match(#"id="step-up" href="([^"]*)""#))
            #expect(proof == account + "/console" + rotate)
            #expect(try await console.post(rotate, ["confirm_name": "Customers"]).status == 403, "nor is the change made")
            let proved = try await PasskeyBrowserTests.browser([
                "step-up", "--url", proof, "--rp-id", "localhost", "--origin", server.baseURL, "--credential-file", saved,
                "--save-credential", saved, "--cookie", "bi_account_operators=\(secret)",
            ])
            #expect(proved["assertion_status"] as? Int == 200, "\(proved["status_text"] ?? "")")
            #expect((proved["final_url"] as? String)?.hasSuffix("/console" + rotate) == true, "\(proved["final_url"] ?? "")")
            let fresh = try #require((proved["cookies"] as? [String: String])?["bi_account_operators"])
            #expect(fresh != secret, "the proof is a new sign-in")
            await console.plant("bi_account_operators", fresh)
            try await console.get(rotate)
            #expect(try await console.post(rotate, ["confirm_name": "Customers"]).status == 303)

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

    /// A passkey created from `link` and signed in with on the operators' account page: the
    /// console session's cookie value.
    private static func enrolledAndSignedIn(_ server: RunningServer, link: String, work: URL, name: String) async throws -> String {
        let saved = work.appendingPathComponent("\(name).json").path
        let registered = try await PasskeyBrowserTests.browser([
            "register", "--url", link, "--rp-id", "localhost", "--origin", server.baseURL, "--save-credential", saved,
        ])
        try #require(registered["state"] as? String == "created", "\(registered["status_text"] ?? "")")
        let account = server.baseURL + "/v1/tenants/operators/realms/operators/account"
        let signedIn = try await PasskeyBrowserTests.browser([
            "account", "--url", account, "--rp-id", "localhost", "--origin", server.baseURL, "--credential-file", saved,
        ])
        #expect((signedIn["page_text"] as? String)?.contains("Signed in as \(name)") == true, "\(signedIn["status_text"] ?? "")")
        return try #require((signedIn["cookies"] as? [String: String])?["bi_account_operators"])
    }

    /// The owner adds an auditor and a tenant admin in the console; each signs in with the passkey
    /// their link creates, sees their role, and is refused what it does not permit; the owner
    /// ends the auditor's session, which signs them out.
    @Test func theOwnerAddsOperatorsWhoAreRefusedOutsideTheirRole() async throws {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("bi-operators-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }
        try await PasskeyBrowserTests.withServer { server, realm in
            let owner = ConsoleBrowser(server: server)
            await owner.plant("bi_account_operators", try await Self.enrolledAndSignedIn(
                server, link: try #require(try await server.instance.prepareOperators()), work: work, name: "owner"))
            var links: [String: String] = [:]
            for (name, role, tenant) in [("ida", "auditor", ""), ("tom", "tenant_admin", realm.tenantID)] {
                try await owner.get("/operators")
                let added = try await owner.post("/operators", ["username": name, "role": role, "tenant_id": tenant])
                #expect(added.status == 200)
                #expect(await owner.page.contains("Operator \(name) added"))
                let link = try #require(await owner.match(#"id="secret">([^<]+)<"#))
                links[name] = link
            }
            try await owner.get("/operators")
            let listed = await owner.page
            #expect(listed.contains(">ida</a>") && listed.contains(">auditor<") && listed.contains(">tenant admin<"))

            let auditor = ConsoleBrowser(server: server)
            await auditor.plant("bi_account_operators", try await Self.enrolledAndSignedIn(server, link: try #require(links["ida"]), work: work, name: "ida"))
            #expect(try await auditor.get("").status == 200)
            let auditorPage = await auditor.page
            #expect(auditorPage.contains(#"ida <span class="role">auditor</span>"#) && !auditorPage.contains(#"href="/console/operators""#))
            #expect(try await auditor.get("/tenants/\(realm.tenantID)").status == 200)
            #expect(try await auditor.post("/tenants/\(realm.tenantID)/realms", ["display_name": "Nope"]).status == 403)
            #expect(try await auditor.get("/operators").status == 403)
            #expect(try await auditor.get("/admin-tokens").status == 403)

            let admin = ConsoleBrowser(server: server)
            await admin.plant("bi_account_operators", try await Self.enrolledAndSignedIn(server, link: try #require(links["tom"]), work: work, name: "tom"))
            #expect(try await admin.get("/tenants").status == 200)
            #expect(await admin.page.contains(#"tom <span class="role">tenant admin</span>"#))
            try await admin.get("/tenants/\(realm.tenantID)")
            #expect(try await admin.post("/tenants/\(realm.tenantID)/realms", [
                "display_name": "Partners", "registration_redirect_uri": TestRealm.registrationRedirect,
            ]).status == 303)
            #expect(try await admin.get("/tenants/operators").status == 404, "the operators' tenant is the owners'")
            #expect(try await admin.get("/operators").status == 403)

            // The owner sees the auditor's session and ends it: the auditor is signed out.
            let operators = try await server.admin.send("GET", AdminAPI.operators)
            let ida = try #require((operators.json["items"] as? [[String: Any]])?.first { $0["username"] as? String == "ida" }?["id"] as? String)
            try await owner.get("/operators/\(ida)")
            let end = try #require(await owner.match(#"<form method="post" action="/console(/operators/[^"]+/end)">"#))
            #expect(try await owner.post(end).status == 303)
            try await owner.get("/operators/\(ida)")
            #expect(await owner.page.contains("No open session."))
            let after = try await auditor.get("")
            #expect(after.status == 303 && after.header("Location")?.contains("/console/sign-in") == true)
        }
    }

    /// The first owner enrolls `bi` as their phone with the link, and signs in to the console by
    /// approving the operators' account page's QR code sign-in with `bi device approve`.
    @Test func anOperatorSignsInByApprovingWithBiDeviceApprove() async throws {
        try await RunningServer.withRealm(.live) { server, _ in
            let link = try #require(try await server.instance.prepareOperators())
            let applications = try await server.admin.send("GET", AdminAPI.applications(tenant: "operators", realm: "operators"))
            let console = try #require((applications.json["items"] as? [[String: Any]])?.first { $0["display_name"] as? String == "Console" })
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bi-operator-\(UUID().uuidString)").path
            defer { try? FileManager.default.removeItem(atPath: directory) }
            for arguments in [
                ["device", "configure", "--device", directory, "--server", server.baseURL, "--client-id", try #require(console["client_id"] as? String),
                 "--redirect-uri", try #require((console["redirect_uris"] as? [String])?.first)],
                ["device", "register", "--device", directory, link],
            ] {
                let ran = try await BICommand.run(arguments)
                try #require(ran.status == 0, "\(arguments[1]): \(ran.stderr)")
            }

            // The console's sign-in page leads to the account page, whose app sign-in shows a code to approve.
            let consoleBrowser = ConsoleBrowser(server: server)
            try await consoleBrowser.get("/sign-in")
            let account = String(try #require(await consoleBrowser.match(#"id="operator-sign-in" href="([^"]*)""#)).dropFirst(server.baseURL.count))
            let browser = TestBrowser(server: server)
            let started = try await browser.get(account + "/sign-in/app")
            let handed = try await browser.get(try #require(started.location))
            try await browser.get(try #require(handed.location))
            let approved = try await BICommand.run(["device", "approve", "--yes", "--device", directory, try #require(await browser.signInURL)])
            try #require(approved.status == 0, "\(approved.stderr)")
            #expect(approved.stdout.hasPrefix("sign-in to Your account at Operators"), "\(approved.stdout)")
            let pagePath = try #require(await browser.pagePath)
            try await browser.get(pagePath)
            let callback = try #require(try await browser.post(pagePath + "/continue").location)
            #expect(try await browser.get(callback).status == 303)
            let secret = try #require(await browser.cookies["bi_account_operators"])

            await consoleBrowser.plant("bi_account_operators", secret)
            #expect(try await consoleBrowser.get("").status == 200)
            #expect(await consoleBrowser.page.contains(#"owner <span class="role">owner</span>"#))
        }
    }
}
