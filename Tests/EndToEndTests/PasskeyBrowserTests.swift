import DeviceSignIn
import Foundation
import IdentityProtocol
import IdentityServer
import IdentityStorage
import IdentityStorageTestSupport
import ServerTestSupport
import TestProcessSupport
import Testing

/// Passkeys in a real headless Chromium with WebDriver virtual authenticators
/// (`ThirdParty/passkey_browser.py`): an enrollment link opened in the browser creates a passkey
/// (reached by keyboard, at phone width, under the pages' strict CSP), which py_webauthn, a
/// verifier that is not ours, accepts from the same bytes ours did; the link is then used up.
/// With `BI_UPDATE_SCREENSHOTS=1` the page's screenshot replaces the one in `docs/images/sign-in/`.
@Suite(.requires(.chromium, .webauthn, .authlib)) struct PasskeyBrowserTests {
    private static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("ThirdParty/passkey_browser.py").path
    private static let authlib = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("ThirdParty/authlib_rp.py").path
    private static let packageDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// A server on `http://localhost:PORT` (an RP ID cannot be an IP address) whose confidential
    /// application signs users in with passkeys only, in a realm whose passkey policy has `policy`
    /// (on `clock` when given).
    static func withServer(
        policy: [String: Any] = [:], clock: TestClock? = nil, configure: @Sendable (inout ServerConfiguration) -> Void = { _ in },
        _ body: @escaping @Sendable (RunningServer, TestRealm) async throws -> Void
    ) async throws {
        let policy = try JSONSerialization.data(withJSONObject: policy)
        try await RunningServer.withRealm(configure: { configuration in
            configuration.host = "localhost"
            if let clock { configuration.now = clock.now }
            configure(&configuration)
        }) { server, realm in
            let fields = try #require(try JSONSerialization.jsonObject(with: policy) as? [String: Any])
            if !fields.isEmpty {
                let realmPath = AdminAPI.realm(tenant: realm.tenantID, realm: realm.realmID)
                let changed = try await server.admin.send("PATCH", realmPath, json: ["passkey_policy": fields])
                try #require(changed.status == 200, "\(changed.json)")
            }
            let updated = try await server.admin.send("PATCH", try await realm.adminPath(of: realm.confidential), json: [
                "sign_in_methods": ["passkey"], "allowed_scopes": ["openid", "profile", "email", "offline_access"],
                "post_logout_redirect_uris": [TestRealm.callback],
            ])
            try #require(updated.status == 200 && updated.json["sign_in_methods"] as? [String] == ["passkey"], "\(updated.json)")
            try await body(server, realm)
        }
    }

    /// Runs the browser script and reads its one JSON line.
    static func browser(_ arguments: [String]) async throws -> [String: Any] {
        let result = try await Python.runBrowser([script] + arguments)
        try #require(result.status == 0, "passkey_browser.py failed: \(result.errors)")
        let line = try #require(result.output.split(separator: "\n").last, "no output: \(result.errors)")
        return try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    }

    /// A passkey created from the identity's enrollment link in the browser, kept in `file` for
    /// sign-ins.
    static func registerPasskey(_ server: RunningServer, _ realm: TestRealm, savingTo file: String) async throws {
        let registered = try await browser([
            "register", "--url", try await realm.enrollmentLink(), "--rp-id", "localhost", "--origin", server.baseURL,
            "--save-credential", file,
        ])
        try #require(registered["state"] as? String == "created", "\(registered["status_text"] ?? "")")
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
            let details = try #require(passkeys.first?["passkey"] as? [String: Any])
            #expect(details["transports"] as? [String] == ["internal"] && details["attestation_format"] as? String == "none")
            #expect(details["backup_eligible"] as? Bool == false && details["attestation_trusted"] as? Bool == false)
            // Chromium's virtual authenticator names its model even under `none` attestation.
            #expect(details["aaguid"] as? String == "01020304-0506-0708-0102-030405060708")
            let again = try await server.client().send("GET", String(link.dropFirst(server.baseURL.count)))
            let page = String(decoding: again.body, as: UTF8.self)
            #expect(again.status == 400 && page.contains("This link cannot be used"), "\(again.status) \(page)")
        }
    }

    /// The passkey the link created signs its identity in from the hosted sign-in page of an
    /// application that sends its users there, for an unmodified relying party (Python authlib):
    /// the browser lands at the client with a code that authlib redeems for an ID token it
    /// verifies, of the identity, at the assurance of a passkey used with user verification; the
    /// assertion py_webauthn accepted cannot be sent again; revoked, the passkey signs nobody in.
    @Test func thePasskeySignsInOnTheHostedPage() async throws {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("bi-passkey-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }
        let screenshots = ProcessInfo.processInfo.environment["BI_UPDATE_SCREENSHOTS"] == "1"
            ? Self.packageDirectory.appendingPathComponent("docs/images/sign-in") : work
        let saved = work.appendingPathComponent("credential.json").path
        try await Self.withServer { server, realm in
            try await Self.registerPasskey(server, realm, savingTo: saved)

            // An unmodified relying party (Python authlib) sends the browser to /authorize.
            let state = work.appendingPathComponent("rp.json").path
            let begun = try await Python.run([Self.authlib, "begin", state, realm.confidential.issuer, realm.confidential.clientID,
                                              try #require(realm.confidential.clientSecret), TestRealm.callback])
            try #require(begun.status == 0, "\(begun.errors)")
            let result = try await Self.browser([
                "sign-in", "--url", begun.output.trimmingCharacters(in: .whitespacesAndNewlines), "--rp-id", "localhost",
                "--origin", server.baseURL, "--credential-file", saved, "--save-credential", saved,
                "--screenshot", screenshots.appendingPathComponent("passkey-sign-in.png").path,
            ])
            let finalURL = try #require(result["final_url"] as? String, "\(result["status_text"] ?? "") \(result["assertion_answer"] ?? "")")
            #expect(finalURL.hasPrefix(TestRealm.callback + "?"))
            #expect(result["assertion_status"] as? Int == 200 && result["keyboard"] as? Bool == true)
            #expect((result["console_errors"] as? [Any])?.isEmpty == true, "\(result["console_errors"] ?? "")")
            let checked = try #require(result["py_webauthn"] as? [String: Any])
            #expect(checked["verified"] as? Bool == true, "\(checked["error"] ?? "")")

            // authlib exchanges the code and verifies the ID token (then refreshes, revokes, logs out).
            let finished = try await Python.run([Self.authlib, "finish", state, finalURL])
            try #require(finished.status == 0, "\(finished.errors)")
            let report = try #require(try JSONSerialization.jsonObject(with: Data(finished.output.utf8)) as? [String: Any])
            #expect(report["sub"] as? String == realm.identityID)
            #expect(report["amr"] as? [String] == ["swk", "user", "mfa"] && report["acr"] as? String == "phr")
            let party = TestRelyingParty(application: realm.confidential, server: server)

            // The same assertion again, for a new sign-in: its challenge is the old ceremony's,
            // and the old ceremony is the old sign-in's. Nothing is written: the new one waits on.
            let assertion = try #require(result["assertion"] as? [String: Any])
            let browser = TestBrowser(server: server)
            try await browser.get(try party.authorizeURL())
            let page = try #require(await browser.pagePath)
            let options = try await browser.post(page + "/passkey/options", json: [:])
            try #require(options.status == 200)
            let replayed = try await browser.post(page + "/passkey", json: [
                "ceremony": try #require(options.json["ceremony"] as? String), "credential": try #require(assertion["credential"]),
            ])
            #expect(replayed.status == 400 && replayed.error == "invalid_passkey")
            #expect(replayed.json["error_description"] as? String == "the passkey was refused: the challenge is not this ceremony's")
            let oldCeremony = try await browser.post(page + "/passkey", json: assertion)
            #expect(oldCeremony.status == 400 && oldCeremony.json["error_description"] as? String
                == "the passkey request is not this sign-in's or has expired: start again")
            let events = try await server.instance.store.listAuditEvents(tenantID: nil, .init(size: 200)).items
            #expect(events.filter { $0.type == "authentication.succeeded" }.count == 1)
            #expect(events.contains { $0.type == "authentication.refused" && $0.detailJSON.contains("\"challenge\"") })
            #expect(try await browser.get(page).status == 200)
            #expect(await browser.shows("Sign in with a passkey"))
            // Passkeys only: no QR code, no app, no approval to wait for.
            let passkeyOnly = await browser.page
            #expect(!passkeyOnly.contains("id=\"qr\"") && !passkeyOnly.contains("this-device") && !passkeyOnly.contains("id=\"status\""))

            // An application that asks for phishing-resistant hardware (acr_values=phrh) does not
            // get a passkey without proof of hardware: the page says so, nothing is written.
            let demanding = try await Self.browser([
                "sign-in", "--url", try party.authorizeURL(["acr_values": "phrh"]), "--rp-id", "localhost", "--origin", server.baseURL,
                "--credential-file", saved, "--save-credential", saved,
            ])
            #expect(demanding["state"] as? String == "failed" && demanding["assertion_status"] as? Int == 400)
            #expect(demanding["status_text"] as? String
                == "the application asks for a stronger sign-in than this passkey gives: use the app instead")

            // Autofill: the page asks at once (conditional mediation) and the browser offers the
            // passkey among the field's suggestions; picking it signs in without the button.
            let autofilled = try await Self.browser([
                "sign-in", "--url", try party.authorizeURL(), "--rp-id", "localhost", "--origin", server.baseURL,
                "--credential-file", saved, "--save-credential", saved, "--autofill",
            ])
            let landed = try #require(autofilled["final_url"] as? String, "\(autofilled["status_text"] ?? "")")
            #expect(landed.hasPrefix(TestRealm.callback + "?") && landed.contains("code="), "\(landed)")
            #expect(autofilled["autofill"] as? Bool == true && autofilled["assertion_status"] as? Int == 200)
            #expect((autofilled["py_webauthn"] as? [String: Any])?["verified"] as? Bool == true)

            // Revoked, the passkey signs nobody in: the page says so and the client gets no code.
            let passkey = try #require(try await Self.credentials(server, realm).first { $0["kind"] as? String == "passkey" }?["id"] as? String)
            let revoked = try await server.admin.send("POST", AdminAPI.revokeCredential(
                tenant: realm.tenantID, realm: realm.realmID, identity: realm.identityID, credential: passkey))
            try #require(revoked.status == 200, "\(revoked.json)")
            let refused = try await Self.browser([
                "sign-in", "--url", try party.authorizeURL(), "--rp-id", "localhost", "--origin", server.baseURL, "--credential-file", saved,
            ])
            #expect(refused["state"] as? String == "failed" && refused["status_text"] as? String == "this passkey was revoked")
            #expect(refused["assertion_status"] as? Int == 403)
            // Whether a passkey is revoked is told only to its holder: an assertion that does not
            // verify hears why it does not, not the passkey's state.
            let stranger = TestBrowser(server: server)
            try await stranger.get(try party.authorizeURL())
            let strangerPage = try #require(await stranger.pagePath)
            let strangerOptions = try await stranger.post(strangerPage + "/passkey/options", json: [:])
            let probe = try await stranger.post(strangerPage + "/passkey", json: [
                "ceremony": try #require(strangerOptions.json["ceremony"] as? String), "credential": try #require(assertion["credential"]),
            ])
            #expect(probe.json["error_description"] as? String == "the passkey was refused: the challenge is not this ceremony's")
        }
    }

    /// Passkeys are each application's choice (`sign_in_methods`): a sign-in of an application
    /// that stopped offering them gets no passkey options and a page without the button; an
    /// enrollment link of a realm where no application offers them goes on to the app. Lists
    /// that cannot work, and the retired fields, are refused with what to send instead.
    @Test func passkeysAreTheApplicationsChoice() async throws {
        try await Self.withServer { server, realm in
            let path = try await realm.adminPath(of: realm.confidential)
            let browser = TestBrowser(server: server)
            try await browser.get(try TestRelyingParty(application: realm.confidential, server: server).authorizeURL())
            let page = try #require(await browser.pagePath)
            let changed = try await server.admin.send("PATCH", path, json: ["sign_in_methods": ["cross_device"]])
            try #require(changed.status == 200 && changed.json["sign_in_methods"] as? [String] == ["cross_device"])
            let options = try await browser.post(page + "/passkey/options", json: [:])
            #expect(options.status == 403 && options.json["error_description"] as? String
                == "this application does not offer sign-in with a passkey")
            try await browser.get(page)
            let qrOnly = await browser.page
            #expect(!qrOnly.contains("Sign in with a passkey") && qrOnly.contains("id=\"qr\""))

            let link = try await realm.enrollmentLink()
            let opened = try await server.client().send("GET", String(link.dropFirst(server.baseURL.count)))
            #expect(opened.status == 302 && opened.location?.hasPrefix(TestRealm.registrationRedirect + "?") == true, "\(opened.status)")
            let token = try #require(URLComponents(string: link)?.queryItems?.first { $0.name == DeviceURLParameter.bindingToken }?.value)
            let registration = try await TestBrowser(server: server).post(PasskeyAPI.registrationOptions, json: ["binding_token": token])
            #expect(registration.status == 403 && registration.json["error_description"] as? String
                == "no application of this realm offers sign-in with a passkey")

            for (methods, refusal) in [
                ([], "'sign_in_methods' must name at least one way to sign in"),
                (["email_code"], "'sign_in_methods': email_code needs same_device (the code is typed in the app on this device)"),
                (["passkey", "fax"], "'sign_in_methods' must be one of: passkey, cross_device, same_device, email_code"),
            ] {
                let refused = try await server.admin.send("PATCH", path, json: ["sign_in_methods": methods])
                #expect(refused.status == 400 && refused.json["error_description"] as? String == refusal, "\(methods)")
            }
            let retired = try await server.admin.send("PATCH", path, json: ["sign_in_devices": "both"])
            #expect(retired.status == 400 && retired.json["error_description"] as? String
                == "'sign_in_devices' and 'email_codes' were replaced by 'sign_in_methods', a list of: passkey, cross_device, same_device, email_code")
            // Given in any order, each once, they are kept in the order the page offers them.
            let reordered = try await server.admin.send(
                "PATCH", path, json: ["sign_in_methods": ["email_code", "same_device", "passkey", "same_device"]])
            #expect(reordered.json["sign_in_methods"] as? [String] == ["passkey", "same_device", "email_code"])
            // Without the app on this device, nothing needs an invoke URL.
            let created = try await server.admin.send("POST", AdminAPI.applications(tenant: realm.tenantID, realm: realm.realmID), json: [
                "display_name": "Web", "client_type": "public", "redirect_uris": [TestRealm.callback], "sign_in_methods": ["passkey"],
            ])
            #expect(created.status == 201 && created.json["invoke_url"] as? String == "", "\(created.json)")
            let needsInvoke = try await server.admin.send("POST", AdminAPI.applications(tenant: realm.tenantID, realm: realm.realmID), json: [
                "display_name": "App", "client_type": "public", "redirect_uris": [TestRealm.callback], "sign_in_methods": ["same_device"],
            ])
            #expect(needsInvoke.json["error_description"] as? String
                == "'invoke_url' is required to sign in with the app on the same device (same_device)")
        }
    }

    /// A realm's passkey policy decides what registers: the options ask for what it says (direct
    /// attestation where it names roots, its algorithms, its user verification), and a security
    /// key whose attestation does not chain to those roots creates nothing. A policy that cannot
    /// work is refused with what is wrong.
    @Test func aRealmsPolicyDecidesWhatRegisters() async throws {
        let root = try TestAttestationRoot.pem()
        let policy: [String: Any] = ["attestation_roots": [root], "user_verification": "preferred", "algorithms": ["ES256"]]
        try await Self.withServer(policy: policy) { server, realm in
            let result = try await Self.browser([
                "register", "--url", try await realm.enrollmentLink(), "--rp-id", "localhost", "--origin", server.baseURL,
                "--authenticator", "security-key",
            ])
            let options = try #require((result["options"] as? [String: Any])?["public_key"] as? [String: Any])
            #expect(options["attestation"] as? String == "direct")
            #expect((options["pubKeyCredParams"] as? [[String: Any]])?.compactMap { $0["alg"] as? Int } == [-7])
            #expect((options["authenticatorSelection"] as? [String: Any])?["userVerification"] as? String == "preferred")
            #expect(result["state"] as? String == "failed" && result["registration_status"] as? Int == 400)
            #expect(result["status_text"] as? String == "the passkey was refused: attestation is not trusted: no trusted root")
            #expect(try await Self.credentials(server, realm).isEmpty)

            let realmPath = AdminAPI.realm(tenant: realm.tenantID, realm: realm.realmID)
            let shown = try await server.admin.send("GET", realmPath)
            let stored = try #require(shown.json["passkey_policy"] as? [String: Any])
            #expect(stored["attestation_roots"] as? [String] == [root] && stored["rp_id"] == nil && stored["aaguids"] as? [String] == [])
            for (fields, refusal) in [
                (["rp_id": "example.com"], "'passkey_policy.rp_id' must be the server's host (localhost) or a domain it is under"),
                (["rp_id": "127.0.0.1"], "'passkey_policy.rp_id' must be a domain name"),
                (["user_verification": "sometimes"], "'passkey_policy.user_verification' must be one of: required, preferred, discouraged"),
                (["algorithms": ["ES256", "RS1"]], "'passkey_policy.algorithms' must list some of: ES256, EdDSA, RS256"),
                (["attestation_roots": ["-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----"]],
                 "'passkey_policy.attestation_roots' must be PEM certificates of at most 16 KiB"),
                (["aaguids": ["not-a-model"]], "'passkey_policy.aaguids' must be UUIDs (8-4-4-4-12 hexadecimal digits)"),
                (["attestation_roots": [], "aaguids": ["01020304-0506-0708-0102-030405060708"]],
                 "'passkey_policy.aaguids' needs 'attestation_roots': an authenticator's model is proven only by an attestation chain"),
            ] as [([String: Any], String)] {
                let refused = try await server.admin.send("PATCH", realmPath, json: ["passkey_policy": fields])
                #expect(refused.status == 400 && refused.json["error_description"] as? String == refusal, "\(fields)")
            }
            let unchanged = try await server.admin.send("GET", realmPath)
            #expect((unchanged.json["passkey_policy"] as? [String: Any])?["attestation_roots"] as? [String] == [root])
            let cleared = try await server.admin.send("PATCH", realmPath, json: ["passkey_policy": ["attestation_roots": [], "rp_id": "LocalHost"]])
            #expect((cleared.json["passkey_policy"] as? [String: Any])?["attestation_roots"] as? [String] == [])
            #expect((cleared.json["passkey_policy"] as? [String: Any])?["rp_id"] as? String == "localhost")
        }
    }

    /// A registration's ceremony is its link's alone, and sealed: another link's, or one altered,
    /// is refused before anything else is read, and the link stays usable.
    @Test func aCeremonyIsItsLinksAlone() async throws {
        try await Self.withServer { server, realm in
            let (first, second) = (try await realm.enrollmentLink(), try await realm.enrollmentLink())
            let token = { (link: String) in try #require(HTTPTestClient.queryItem("token", in: link)) }
            let client = server.client()
            let origin = ["Origin": server.baseURL]
            let options = try await client.send(
                "POST", PasskeyAPI.registrationOptions, json: ["binding_token": try token(first)], headers: origin)
            let ceremony = try #require(options.json["ceremony"] as? String)
            let credential: [String: Any] = ["id": "AAAA", "type": "public-key", "response": ["clientDataJSON": "e30", "attestationObject": "oA"]]
            for (link, sealed) in [(second, ceremony), (first, String(ceremony.dropLast(2)) + (ceremony.hasSuffix("AA") ? "BB" : "AA"))] {
                let refused = try await client.send("POST", PasskeyAPI.registration, json: [
                    "binding_token": try token(link), "ceremony": sealed, "credential": credential,
                ], headers: origin)
                #expect(refused.status == 400 && refused.json["error_description"] as? String
                    == "the passkey request is not this link's or has expired: start again")
            }
            // A page on another site cannot ask.
            let crossSite = try await client.send(
                "POST", PasskeyAPI.registrationOptions, json: ["binding_token": try token(first)], headers: ["Origin": "https://evil.example"])
            #expect(crossSite.status == 403)
            let jobs = try await server.admin.send(
                "GET", AdminAPI.bindingJobs(tenant: realm.tenantID, realm: realm.realmID, identity: realm.identityID))
            #expect((jobs.json["items"] as? [[String: Any]])?.allSatisfy { $0["status"] as? String == "pending" } == true)
            #expect(try await Self.credentials(server, realm).isEmpty)
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
