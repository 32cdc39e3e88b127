import Foundation
import Testing
import TestProcessSupport

/// The operator console in a real headless Chromium (Debian's `chromium` and `chromium-driver`,
/// driven by Selenium from PyPI; `.ci/run` installs them) against a live `bi-server`, as
/// `ThirdParty/console_browser.py` drives it. Every page it visits is checked for labelled
/// inputs, unique ids, no sideways scrolling at phone width and no CSP violation; a failed step
/// leaves a screenshot and the page's source in a temporary directory the failure names.
/// With `BI_UPDATE_SCREENSHOTS=1` the main pages' screenshots replace `docs/images/console/`.
@Suite struct ConsoleBrowserTests {
    private static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("ThirdParty/console_browser.py").path
    private static let packageDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Signs in with the keyboard alone, creates a tenant (keys only) and a realm through the
    /// forms, then, in a second browser holding the same session, signs out and finds the
    /// pages closed.
    @Test func anOperatorSignsInCreatesATenantAndARealmAndSignsOut() async throws {
        guard await Python.hasSelenium else {
            if Python.isChromiumRequired { Issue.record("python3 cannot import selenium, or chromium or chromedriver is missing") }
            return
        }
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
            #expect(first["tenant_id"] as? String != nil && first["realm_id"] as? String != nil)
            let second = try await Self.run(["phase2", state], failures: failures)
            #expect(second["closed_after_sign_out"] as? Bool == true)
            #expect(second["keyboard"] as? [String] == ["sign-in", "create-tenant"])
            Self.expectNoFindings(second)
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

    /// Runs one phase of the script; its JSON report, or a failure naming the step and where its
    /// screenshot is.
    private static func run(_ arguments: [String], failures: URL) async throws -> [String: Any] {
        let result = try await Python.run([script] + arguments)
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
        for kind in ["unlabelled_inputs", "duplicate_ids", "phone_overflow", "csp_violations"] {
            #expect(findings[kind] == nil, "\(kind): \(findings[kind].map { "\($0)" } ?? "")")
        }
        #expect(Set(findings.keys).isSubset(of: ["unlabelled_inputs", "duplicate_ids", "phone_overflow", "csp_violations"]))
    }
}
