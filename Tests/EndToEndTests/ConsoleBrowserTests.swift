import Foundation
import Testing
import TestProcessSupport
import ServerTestSupport
import IdentityProtocol

/// The operator console in a real headless Chromium (Debian's `chromium` and `chromium-driver`,
/// driven by Selenium from PyPI; `.ci/run` installs them) against a live `bi-server`, as
/// `ThirdParty/console_browser.py` drives it in two phases, with the real `bi` registering a
/// device from the mailed enrollment link between them. Every page it visits is checked for
/// labelled inputs, unique ids, no sideways scrolling at phone width and no CSP violation; a
/// failed step leaves a screenshot and the page's source in a temporary directory the failure
/// names. With `BI_UPDATE_SCREENSHOTS=1` the main pages' screenshots replace `docs/images/console/`.
@Suite struct ConsoleBrowserTests {
    private static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("ThirdParty/console_browser.py").path
    private static let packageDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The issue's scenario: sign in with the keyboard alone; create a tenant (keys only), a
    /// realm, a public application and an identity with an email through the forms; mail the
    /// enrollment link. Then the real `bi` registers a device from the mailed link and signs in.
    /// In a second browser holding the same session: the credential and its session appear on
    /// the identity page and the dashboard counts it and the sign-in; the credential is revoked
    /// through the confirmation page, the dashboard counts it no more and the audit log shows
    /// the revocation (made `via: console`); sign out and the pages are closed. On the way: a
    /// refused field keeps what was typed and says why beside it, Back works after a form, and
    /// a display name and an admin token label holding a script are shown as text, running nothing.
    @Test(.requires(.chromium)) func anOperatorDoesTheIssuesScenarioInARealBrowser() async throws {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("bi-console-browser-\(UUID().uuidString)")
        let failures = work.appendingPathComponent("failures")
        let screenshots = ProcessInfo.processInfo.environment["BI_UPDATE_SCREENSHOTS"] == "1"
            ? Self.packageDirectory.appendingPathComponent("docs/images/console") : work.appendingPathComponent("screenshots")
        let state = work.appendingPathComponent("state.json").path
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        let server = try await RunningServer.start()
        do {
            let first = try await Self.run(["phase1", state, "--base-url", server.baseURL, "--token", server.adminToken,
                                            "--screenshots", screenshots.path, "--failures", failures.path], failures: failures)
            #expect((first["refused_input_error"] as? String)?.isEmpty == false, "a refused field shows its error")
            let credential = try await Self.registerDevice(
                from: try await server.linkFromNewestEmail(), server: server, clientID: try #require(first["client_id"] as? String),
                redirectURI: try #require(first["redirect_uri"] as? String), directory: work.appendingPathComponent("device"))
            let second = try await Self.run(["phase2", state], failures: failures)
            #expect(second["credential_id"] as? String == credential)
            #expect(second["credential_revoked"] as? Bool == true)
            #expect(second["xss_shown_as_text"] as? Bool == true)
            #expect(second["closed_after_sign_out"] as? Bool == true)
            #expect(second["keyboard"] as? [String] == ["sign-in", "create-tenant"])
            #expect(Set(second["screenshots"] as? [String] ?? []) == Set(
                ["sign-in", "dashboard", "tenant", "realm", "application", "identity", "provisioning-tokens", "audit"].map { "console-\($0).png" }))
            // The realm's active credentials on the dashboard: none, the device's, none after revocation.
            #expect((second["dashboard"] as? [[String: Int]])?.map { $0["realm_credentials"] } == [0, 1, 0])
            #expect((second["audit_types"] as? [String])?.first == "credential.revoked")
            Self.expectNoFindings(second)
            let after = try await BICommand.run(["device", "authenticate", "--device", work.appendingPathComponent("device").path])
            #expect(after.status != 0, "the revoked credential still signs in")
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
        // A failed step's screenshots stay for whoever reads the failure.
        if (try? FileManager.default.contentsOfDirectory(atPath: failures.path))?.isEmpty ?? true {
            try? FileManager.default.removeItem(at: work)
        }
    }

    /// The console at scale and in its less trodden forms: a realm of 210 identities paged both
    /// ways, sized, ordered and filtered; an empty realm's next step; an application form's
    /// error summary leading to each field; a webhook endpoint refused, created, disabled,
    /// enabled and sent a test event whose failed attempt shows its error.
    @Test(.requires(.chromium)) func theConsoleAtScaleInARealBrowser() async throws {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("bi-console-scale-\(UUID().uuidString)")
        let failures = work.appendingPathComponent("failures")
        let screenshots = ProcessInfo.processInfo.environment["BI_UPDATE_SCREENSHOTS"] == "1"
            ? Self.packageDirectory.appendingPathComponent("docs/images/console") : work.appendingPathComponent("screenshots")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        try await RunningServer.withRealm(.live) { server, realm in
            let realms = AdminAPI.realms(tenant: realm.tenantID)
            let big = try #require(try await server.admin.created(realms, [
                "display_name": "Members", "registration_redirect_uri": TestRealm.registrationRedirect])["id"] as? String)
            let empty = try #require(try await server.admin.created(realms, [
                "display_name": "Empty", "registration_redirect_uri": TestRealm.registrationRedirect])["id"] as? String)
            let identities = AdminAPI.identities(tenant: realm.tenantID, realm: big)
            for number in 0..<210 {
                let created = try await server.admin.created(identities, ["username": String(format: "user%03d", number)])
                if number % 100 == 0 {
                    let id = try #require(created["id"] as? String)
                    let suspended = try await server.admin.send(
                        "PATCH", AdminAPI.identity(tenant: realm.tenantID, realm: big, identity: id), json: ["status": "suspended"])
                    try #require(suspended.status == 200)
                }
            }
            let report = try await Self.run([
                "scale", work.appendingPathComponent("state.json").path, "--base-url", server.baseURL, "--token", server.adminToken,
                "--tenant", realm.tenantID, "--realm", big, "--empty-realm", empty,
                "--screenshots", screenshots.path, "--failures", failures.path,
            ], failures: failures)
            #expect(report["identity_pages"] as? [String] == ["first", "next", "previous"])
            #expect(Set(report["summary_targets"] as? [String] ?? []).isSuperset(of: ["app-redirect-uris", "app-invoke-url"]))
            #expect((report["webhook_refusal"] as? String)?.contains("webhooks.allow_private_targets") == true, "\(report)")
            #expect((report["webhook_answer"] as? String)?.isEmpty == false)
            Self.expectNoFindings(report)
        }
        if (try? FileManager.default.contentsOfDirectory(atPath: failures.path))?.isEmpty ?? true {
            try? FileManager.default.removeItem(at: work)
        }
    }

    /// `bi device configure`, `register` from the mailed `link` and `authenticate` (a sign-in the
    /// identity page shows as a session); returns the credential's id.
    private static func registerDevice(
        from link: String, server: RunningServer, clientID: String, redirectURI: String, directory: URL
    ) async throws -> String {
        let device = ["--device", directory.path, "--json"]
        let configured = try await BICommand.run(
            ["device", "configure", "--server", server.baseURL, "--client-id", clientID, "--redirect-uri", redirectURI] + device)
        try #require(configured.status == 0, "bi device configure: \(configured.stderr)")
        let registered = try await BICommand.run(["device", "register"] + device + [link])
        try #require(registered.status == 0, "bi device register: \(registered.stderr)")
        let signedIn = try await BICommand.run(["device", "authenticate"] + device)
        try #require(signedIn.status == 0, "bi device authenticate: \(signedIn.stderr)")
        return try #require(registered.json["handle"] as? String)
    }

    /// Runs one phase of the script; its JSON report, or a failure naming the step and where its
    /// screenshot is.
    private static func run(_ arguments: [String], failures: URL) async throws -> [String: Any] {
        let result = try await Python.runBrowser([script] + arguments)
        try #require(result.status == 0, """
            console_browser.py \(arguments[0]) failed (screenshots and page sources in \(failures.path)):
            \(result.errors)
            """)
        let report = try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any]
        return try #require(report, "console_browser.py \(arguments[0]) printed no report: \(result.output)")
    }

    /// What the script found wrong on the pages it visited, each kind its own failure naming the pages.
    private static func expectNoFindings(_ report: [String: Any]) {
        let findings = report["findings"] as? [String: Any] ?? [:]
        for kind in ["unlabelled_inputs", "duplicate_ids", "phone_overflow", "phone_menu", "csp_violations"] {
            #expect(findings[kind] == nil, "\(kind): \(findings[kind].map { "\($0)" } ?? "")")
        }
        #expect(Set(findings.keys).isSubset(of: ["unlabelled_inputs", "duplicate_ids", "phone_overflow", "phone_menu", "csp_violations"]))
    }
}
