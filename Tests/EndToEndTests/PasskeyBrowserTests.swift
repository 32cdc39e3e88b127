import DeviceSignIn
import Foundation
import IdentityProtocol
import IdentityServer
import ServerTestSupport
import TestProcessSupport
import Testing

/// Passkeys in a real headless Chromium with WebDriver virtual authenticators
/// (`ThirdParty/passkey_browser.py`): an enrollment link opened in the browser creates a passkey
/// (reached by keyboard, at phone width, under the pages' strict CSP), which py_webauthn, a
/// verifier that is not ours, accepts from the same bytes ours did; the link is then used up.
/// With `BI_UPDATE_SCREENSHOTS=1` the page's screenshot replaces the one in `docs/images/sign-in/`.
@Suite(.requires(.chromium, .webauthn)) struct PasskeyBrowserTests {
    private static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("ThirdParty/passkey_browser.py").path
    private static let packageDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// A server on `http://localhost:PORT` (an RP ID cannot be an IP address) with passkeys on.
    static func withServer(
        userVerification: String = "required", _ body: @escaping @Sendable (RunningServer, TestRealm) async throws -> Void
    ) async throws {
        try await RunningServer.withRealm(configure: {
            $0.host = "localhost"
            $0.passkeys.enabled = true
            $0.passkeys.userVerification = userVerification
        }, body)
    }

    /// Runs the browser script and reads its one JSON line.
    static func browser(_ arguments: [String]) async throws -> [String: Any] {
        let result = try await Python.run([script] + arguments)
        try #require(result.status == 0, "passkey_browser.py failed: \(result.errors)")
        let line = try #require(result.output.split(separator: "\n").last, "no output: \(result.errors)")
        return try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    }

    static func credentials(_ server: RunningServer, _ realm: TestRealm) async throws -> [[String: Any]] {
        let listed = try await server.admin.send(
            "GET", AdminAPI.credentials(tenant: realm.tenantID, realm: realm.realmID, identity: realm.identityID))
        return try #require(listed.json["items"] as? [[String: Any]])
    }

    @Test func anEnrollmentLinkCreatesAPasskeyInTheBrowser() async throws {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("bi-passkey-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }
        let screenshots = ProcessInfo.processInfo.environment["BI_UPDATE_SCREENSHOTS"] == "1"
            ? Self.packageDirectory.appendingPathComponent("docs/images/sign-in") : work
        try await Self.withServer { server, realm in
            #expect(server.baseURL.hasPrefix("http://localhost:"))
            let link = try await realm.enrollmentLink()
            let result = try await Self.browser([
                "register", "--url", link, "--rp-id", "localhost", "--origin", server.baseURL,
                "--screenshot", screenshots.appendingPathComponent("passkey-registration.png").path,
                "--save-credential", work.appendingPathComponent("credential.json").path,
            ])
            #expect(result["state"] as? String == "created", "\(result["status_text"] ?? "")")
            #expect(result["registration_status"] as? Int == 201)
            #expect(result["keyboard"] as? Bool == true && result["focus_visible"] as? Bool == true)
            #expect(result["horizontal_overflow"] as? Bool == false)
            #expect((result["console_errors"] as? [Any])?.isEmpty == true, "\(result["console_errors"] ?? "")")
            // The independent verifier accepts what the browser sent, as ours did.
            let checked = try #require(result["py_webauthn"] as? [String: Any])
            #expect(checked["verified"] as? Bool == true, "\(checked["error"] ?? "")")
            #expect(checked["user_verified"] as? Bool == true)
            // The options asked for a discoverable credential with user verification.
            let options = try #require((result["options"] as? [String: Any])?["public_key"] as? [String: Any])
            let selection = try #require(options["authenticatorSelection"] as? [String: Any])
            #expect(selection["residentKey"] as? String == "required" && selection["userVerification"] as? String == "required")
            #expect((options["rp"] as? [String: Any])?["id"] as? String == "localhost")

            // The identity now has a passkey credential, and the link is used up.
            let passkeys = try await Self.credentials(server, realm).filter { $0["kind"] as? String == "passkey" }
            #expect(passkeys.count == 1)
            #expect(passkeys.first?["certificate"] == nil && passkeys.first?["device_name"] as? String == "Passkey on this device")
            let again = try await server.client().send("GET", String(link.dropFirst(server.baseURL.count)))
            let page = String(decoding: again.body, as: UTF8.self)
            #expect(again.status == 400 && page.contains("This link cannot be used"), "\(again.status) \(page)")
        }
    }

    /// Where the realm requires user verification, an authenticator that cannot verify the user
    /// creates nothing: the browser refuses, and the page says so.
    @Test func anAuthenticatorWithoutUserVerificationCreatesNothing() async throws {
        try await Self.withServer { server, realm in
            let link = try await realm.enrollmentLink()
            let result = try await Self.browser([
                "register", "--url", link, "--rp-id", "localhost", "--origin", server.baseURL, "--user-verified", "no",
            ])
            #expect(result["state"] as? String == "failed")
            #expect(result["registration"] == nil || result["registration"] is NSNull)
            #expect(try await Self.credentials(server, realm).isEmpty)
        }
    }
}
