import Foundation
import IdentityProtocol
import Testing
import TestProcessSupport
import ServerTestSupport

/// Cross-device sign-in in a real headless Chromium: an unmodified authlib web application
/// (`ThirdParty/cross_device_browser.py`) sends the browser to `/authorize`; the hosted page
/// shows the sign-in URL; the real `bi` (the SDK) fetches its context, sees the browser's user
/// agent, and approves; the page asks to continue as who approved, and the browser lands at the
/// relying party signed in as the device's identity. A second browser opening the same page sees no code; a browser without
/// JavaScript sees a decline through the page's own refresh and takes the relying party
/// `access_denied` back. With `BI_UPDATE_SCREENSHOTS=1` the pages' screenshots replace
/// `docs/images/sign-in/`.
@Suite struct CrossDeviceBrowserTests {
    private static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("ThirdParty/cross_device_browser.py").path
    private static let packageDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test(.requires(.chromium)) func aWebUserSignsInWithTheAppOnAnotherDevice() async throws {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("bi-cross-device-\(UUID().uuidString)")
        let failures = work.appendingPathComponent("failures")
        let screenshots = ProcessInfo.processInfo.environment["BI_UPDATE_SCREENSHOTS"] == "1"
            ? Self.packageDirectory.appendingPathComponent("docs/images/sign-in") : work.appendingPathComponent("screenshots")
        try await RunningServer.withRealm { server, realm in
            let device = ["--device", work.appendingPathComponent("device").path]
            try await Self.registerDevice(server: server, realm: realm, device: device)
            let browser = try await BIProcess(
                ["python3", Self.script, "--screenshots", screenshots.path, "--failures", failures.path],
                executable: URL(fileURLWithPath: "/usr/bin/env"), withInput: true)
            let party = try #require(await browser.event("relying_party", timeout: .seconds(120)), "the relying party did not start")
            let redirectURI = try #require(party["redirect_uri"] as? String)
            let updated = try await server.admin.send("PATCH", try await realm.adminPath(of: realm.confidential), json: [
                "redirect_uris": [redirectURI], "sign_in_methods": ["cross_device"],
            ])
            try #require(updated.status == 200)
            let client = try JSONSerialization.data(withJSONObject: [
                "issuer": realm.confidential.issuer, "client_id": realm.confidential.clientID,
                "client_secret": try #require(realm.confidential.clientSecret),
            ])
            try browser.send(String(decoding: client, as: UTF8.self))

            // Approve: the context names this browser; the browser is signed in.
            let waiting = try #require(await browser.event("waiting", timeout: .seconds(180)), "no hosted page (see \(failures.path))")
            let signInURL = try #require(waiting["sign_in_url"] as? String)
            let context = try await BICommand.run(["device", "approve", "--yes", "--json"] + device + [signInURL])
            try #require(context.status == 0, "bi device approve: \(context.stderr)")
            let userAgent = try #require(waiting["user_agent"] as? String)
            #expect(context.stdout.contains(userAgent.replacingOccurrences(of: "/", with: "\\/")) || context.stdout.contains(userAgent))
            try browser.send("approved")
            let signedIn = try #require(await browser.event("signed_in", timeout: .seconds(180)), "not signed in (see \(failures.path))")
            #expect(signedIn["sub"] as? String == realm.identityID)
            #expect(signedIn["identity"] as? String == "Ada Lovelace", "the page named who approved before continuing")
            #expect((signedIn["amr"] as? [String])?.first == "swk", "bi's file key store is a software key")
            let stranger = try #require(signedIn["stranger"] as? [String: Any])
            #expect(stranger["saw_code"] as? Bool == false)
            #expect(stranger["heading"] as? String == "This sign-in cannot continue here")

            // Decline, in a browser without JavaScript.
            let second = try #require(await browser.event("waiting", timeout: .seconds(180)), "no second page (see \(failures.path))")
            let declined = try await BICommand.run(["device", "approve"] + device + [try #require(second["sign_in_url"] as? String)],
                                                   input: "n\n")
            try #require(declined.status == 0, "bi device approve (declining): \(declined.stderr)")
            try browser.send("declined")
            let ended = try #require(await browser.event("declined", timeout: .seconds(180)), "no decline (see \(failures.path))")
            #expect(ended["error"] as? String == "access_denied")
            #expect(ended["state_known"] as? Bool == true)
            let done = try #require(await browser.event("done", timeout: .seconds(60)))
            #expect((done["findings"] as? [String: Any])?.isEmpty == true, "\(done["findings"] ?? "")")
            #expect(await browser.exitStatus() == 0)
        }
        if (try? FileManager.default.contentsOfDirectory(atPath: failures.path))?.isEmpty ?? true {
            try? FileManager.default.removeItem(at: work)
        }
    }

    /// `bi device configure` for the realm's public client and `register` from a fresh enrollment link.
    private static func registerDevice(server: RunningServer, realm: TestRealm, device: [String]) async throws {
        let configured = try await BICommand.run([
            "device", "configure", "--server", server.baseURL, "--client-id", realm.publicClient.clientID,
            "--redirect-uri", TestRealm.callback,
        ] + device)
        try #require(configured.status == 0, "bi device configure: \(configured.stderr)")
        let registered = try await BICommand.run(["device", "register"] + device + [try await realm.enrollmentLink()])
        try #require(registered.status == 0, "bi device register: \(registered.stderr)")
    }
}
