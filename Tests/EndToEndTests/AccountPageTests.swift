import Foundation
import IdentityProtocol
import ServerTestSupport
import TestProcessSupport
import Testing

/// A realm's account page (`{issuer}/account`) in a real headless Chromium with a WebDriver
/// virtual authenticator (`ThirdParty/passkey_browser.py account`): the passkey an enrollment
/// link created signs its identity in there (py_webauthn verifies the same assertion), the page
/// lists the person's own passkeys with the one signed in with marked, and signing out ends the
/// session; the assertion cannot be sent again, and a request from another origin is refused.
@Suite(.requires(.chromium, .webauthn)) struct AccountPageTests {
    @Test func aPasskeySignsInToTheAccountPageWhichShowsThePersonsOwnCredentials() async throws {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("bi-account-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }
        let saved = work.appendingPathComponent("credential.json").path
        try await PasskeyBrowserTests.withServer { server, realm in
            try await PasskeyBrowserTests.registerPasskey(server, realm, savingTo: saved)
            let account = realm.confidential.issuer + "/account"

            // Signed out, the page offers a passkey sign-in, under the hosted pages' strict headers.
            let browser = TestBrowser(server: server)
            let signedOut = try await browser.get(account)
            let page = String(decoding: signedOut.body, as: UTF8.self)
            #expect(signedOut.status == 200 && page.contains(#"id="sign-in-passkey""#) && page.contains("Your account at "))
            #expect(signedOut.header("Content-Security-Policy")?.contains("script-src 'self'") == true)
            #expect(signedOut.header("X-Frame-Options") == "DENY")

            let result = try await PasskeyBrowserTests.browser([
                "account", "--url", account, "--rp-id", "localhost", "--origin", server.baseURL,
                "--credential-file", saved, "--save-credential", saved, "--sign-out",
            ])
            let text = try #require(result["page_text"] as? String, "\(result["status_text"] ?? "") \(result["assertion_answer"] ?? "")")
            #expect(result["assertion_status"] as? Int == 200)
            #expect((result["py_webauthn"] as? [String: Any])?["verified"] as? Bool == true)
            #expect(text.contains("Signed in as ada"), "\(text)")
            #expect(text.contains("Passkey signed in with it"), "\(text)")
            #expect(text.contains("No application holds a session of yours."), "\(text)")
            #expect(result["horizontal_overflow"] as? Bool == false)
            #expect((result["console_errors"] as? [Any])?.isEmpty == true, "\(result["console_errors"] ?? "")")
            #expect(result["signed_out"] as? Bool == true)

            // Audited as a sign-in of the realm, then the sign-out.
            let events = try await server.admin.send("GET", AdminAPI.auditEvents + "?page_size=1000")
            let types = (events.json["items"] as? [[String: Any]] ?? []).compactMap { event -> String? in
                let detail = (event["detail"] as? String).flatMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
                return detail?["page"] as? String == "account" || event["type"] as? String == "account.signed_out"
                    ? event["type"] as? String : nil
            }
            #expect(types == ["authentication.succeeded", "account.signed_out"], "\(types)")

            // The assertion again, under a new ceremony: refused (its challenge is the old one's).
            let options = try await browser.post(account + "/passkey/options", json: [:])
            try #require(options.status == 200)
            let assertion = try #require(result["assertion"] as? [String: Any])
            let replayed = try await browser.post(account + "/passkey", json: [
                "ceremony": try #require(options.json["ceremony"] as? String), "credential": try #require(assertion["credential"]),
            ])
            #expect(replayed.status == 400 && replayed.error == "invalid_passkey")
            // Another origin's request is refused before anything is read.
            let foreign = try await server.client().send(
                "POST", String(account.dropFirst(server.baseURL.count)) + "/passkey/options", json: [:],
                headers: ["Origin": "https://evil.example"])
            #expect(foreign.status == 403)
            // Another tenant's path to the realm is no page.
            let elsewhere = try await browser.get(account.replacingOccurrences(of: realm.tenantID, with: "other"))
            #expect(elsewhere.status == 404)
        }
    }
}
