import DeviceSignIn
import Foundation
import IdentityProtocol
import IdentityServer
import MailDelivery
import ServerTestSupport
import TestProcessSupport
import Testing

/// A realm's account page (`{issuer}/account`) in a real headless Chromium with a WebDriver
/// virtual authenticator (`ThirdParty/passkey_browser.py account`): the passkey an enrollment
/// link created signs its identity in there (py_webauthn verifies the same assertion), the page
/// lists the person's own passkeys with the one signed in with marked, and signing out ends the
/// session; the assertion cannot be sent again, and a request from another origin is refused.
@Suite(.requires(.chromium, .webauthn)) struct AccountPageTests {
    /// A server as ``PasskeyBrowserTests/withServer(policy:clock:_:)`` makes it, whose identity
    /// has a passkey created from its enrollment link in the browser, kept in `saved` for
    /// sign-ins; `work` is a directory of the test's own.
    private static func withPasskey(
        clock: TestClock? = nil, configure: @escaping @Sendable (inout ServerConfiguration) -> Void = { _ in },
        _ body: @escaping @Sendable (RunningServer, TestRealm, _ saved: String, _ work: URL) async throws -> Void
    ) async throws {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("bi-account-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }
        let saved = work.appendingPathComponent("credential.json").path
        try await PasskeyBrowserTests.withServer(clock: clock, configure: configure) { server, realm in
            try await PasskeyBrowserTests.registerPasskey(server, realm, savingTo: saved)
            try await body(server, realm, saved, work)
        }
    }

    @Test func aPasskeySignsInToTheAccountPageWhichShowsThePersonsOwnCredentials() async throws {
        try await Self.withPasskey { server, realm, saved, _ in
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
            #expect(text.contains("Passkey on this device signed in with it"), "\(text)")
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
            // Turned off, the realm serves no account page.
            let off = try await server.admin.send(
                "PATCH", AdminAPI.realm(tenant: realm.tenantID, realm: realm.realmID), json: ["account_page": false])
            #expect(off.status == 200 && off.json["account_page"] as? Bool == false)
            #expect(try await browser.get(account).status == 404)
            #expect(try await browser.post(account + "/passkey/options", json: [:]).status == 404)
        }
    }

    /// What a sign-in sends is refused before any passkey is looked up when its ceremony is not
    /// the page's (another realm's options, or none), and a network's attempts are limited: the
    /// attempt past the limit in a minute is refused whatever it carries.
    @Test func signInsWithoutThePagesCeremonyAreRefusedAndLimited() async throws {
        let clock = TestClock()
        try await PasskeyBrowserTests.withServer(clock: clock) { server, realm in
            let browser = TestBrowser(server: server)
            let account = String((realm.confidential.issuer + "/account").dropFirst(server.baseURL.count))
            let credential: [String: Any] = [
                "id": "AQID", "rawId": "AQID", "type": "public-key",
                "response": ["clientDataJSON": "e30", "authenticatorData": "AA", "signature": "AA"],
            ]
            clock.startAMinute()
            for attempt in 1...AccountService.signInsPerAddressPerMinute {
                let refused = try await browser.post(account + "/passkey", json: ["ceremony": "not-sealed-\(attempt)", "credential": credential])
                #expect(refused.status == 400 && refused.error == "invalid_request", "attempt \(attempt): \(refused.json)")
            }
            let limited = try await browser.post(account + "/passkey", json: ["ceremony": "not-sealed", "credential": credential])
            #expect(limited.status == 429 && limited.error == "rate_limited", "\(limited.json)")
            #expect(try await PasskeyBrowserTests.credentials(server, realm).isEmpty, "nothing was written")
        }
    }

    /// Signed in, a person adds a passkey on this browser (a security key here): created with
    /// user verification, checked by py_webauthn as by the server, listed, audited as bound by
    /// the page; without a session the options are refused.
    @Test func aPersonAddsAPasskeyOnTheAccountPage() async throws {
        try await Self.withPasskey { server, realm, saved, _ in
            let account = realm.confidential.issuer + "/account"
            let signedIn = try await PasskeyBrowserTests.browser([
                "account", "--url", account, "--rp-id", "localhost", "--origin", server.baseURL, "--credential-file", saved,
            ])
            let cookies = try #require(signedIn["cookies"] as? [String: String], "\(signedIn["status_text"] ?? "")")
            let added = try await PasskeyBrowserTests.browser([
                "register", "--url", account, "--rp-id", "localhost", "--origin", server.baseURL, "--authenticator", "security-key",
            ] + cookies.flatMap { ["--cookie", "\($0.key)=\($0.value)"] })
            #expect(added["state"] as? String == "created", "\(added["status_text"] ?? "")")
            #expect(added["registration_status"] as? Int == 201)
            #expect((added["py_webauthn"] as? [String: Any])?["verified"] as? Bool == true)
            let options = try #require((added["options"] as? [String: Any])?["public_key"] as? [String: Any])
            #expect((options["authenticatorSelection"] as? [String: Any])?["userVerification"] as? String == "required")
            #expect((options["excludeCredentials"] as? [Any])?.count == 1, "the passkey it has is excluded")

            let passkeys = try await PasskeyBrowserTests.credentials(server, realm).filter { $0["kind"] as? String == "passkey" }
            #expect(passkeys.count == 2)
            #expect(passkeys.contains { $0["device_name"] as? String == "Security key" })
            let browser = TestBrowser(server: server)
            for (name, value) in cookies { await browser.setCookie(name, value) }
            let path = String(account.dropFirst(server.baseURL.count))
            try await browser.get(path)
            #expect(await browser.shows("<strong>Security key</strong>"))
            let events = try await server.admin.send("GET", AdminAPI.auditEvents + "?page_size=1000")
            #expect((events.json["items"] as? [[String: Any]] ?? []).contains { event in
                event["type"] as? String == "credential.bound" && (event["detail"] as? String)?.contains(#""by":"account""#) == true
            })
            // The person is told, at their address, with where it came from and where to undo it.
            let notice = try await server.mail(to: "ada@example.com")
            #expect(notice.contains("Subject: A passkey was added to your account at "), "\(notice)")
            #expect(notice.contains("(Security key) was added") && notice.contains(realm.confidential.issuer + "/account"), "\(notice)")

            let stranger = TestBrowser(server: server)
            let refused = try await stranger.post(path + "/passkeys/options", json: [:])
            #expect(refused.status == 401 && refused.error == "unauthorized")
        }
    }

    /// Signed in, a person ends one application session, then every other, and revokes a device
    /// and finally their passkey (the page warns it is the last; the session it signed in ends
    /// with it); revoking asks for a fresh sign-in once the last is more than five minutes old.
    /// Each change is audited with the browser's address and agent.
    @Test func aPersonEndsTheirSessionsAndRevokesTheirCredentials() async throws {
        let clock = TestClock()
        try await Self.withPasskey(clock: clock) { server, realm, saved, work in
            // A device of the identity, signed in to the public application twice.
            var device = TestDevice()
            let link = try await realm.enrollmentLink()
            let token = try #require(URLComponents(string: link)?.queryItems?.first { $0.name == "token" }?.value)
            let bound = try await device.register(token: token, server: server)
            try #require(bound.status == 201, "\(bound.json)")
            let app = TestRelyingParty(application: realm.publicClient, server: server)
            func refreshToken() async throws -> String {
                let tokens = try await app.exchange(try await app.signIn(with: device))
                return try #require(tokens.json["refresh_token"] as? String, "\(tokens.json)")
            }
            func refreshes(_ token: String) async throws -> Bool {
                try await app.post(ProviderPath.token, ["grant_type": "refresh_token", "refresh_token": token]).status == 200
            }
            let first = try await refreshToken()

            let screenshot = Screenshots.path("account.png", in: "sign-in", else: work)
            let result = try await PasskeyBrowserTests.browser([
                "account", "--url", realm.confidential.issuer + "/account", "--rp-id", "localhost", "--origin", server.baseURL,
                "--credential-file", saved, "--save-credential", saved, "--screenshot", screenshot,
            ])
            #expect(result["horizontal_overflow"] as? Bool == false)
            let cookies = try #require(result["cookies"] as? [String: String], "\(result["status_text"] ?? "")")
            let browser = TestBrowser(server: server)
            for (name, value) in cookies { await browser.setCookie(name, value) }
            let account = String((realm.confidential.issuer + "/account").dropFirst(server.baseURL.count))
            try await browser.get(account)
            #expect(await browser.shows(#"id="account-overview""#))
            let sessionIDs = await browser.page.matches(#"data-session="([^"]+)""#)
            try #require(sessionIDs.count == 1, "one session of the public application")
            // Each session says what signed in and where its tokens were last asked from.
            let listed = await browser.page
            #expect(listed.contains("with a device · since ") && listed.contains("last used from 127.0.0.1"), "\(listed)")

            // One session ended: its refresh token no longer works.
            #expect(try await browser.post(account + "/sessions/\(sessionIDs[0])/end").status == 303)
            #expect(try await refreshes(first) == false)
            // Every other: a new sign-in's session too.
            let second = try await refreshToken()
            #expect(try await browser.post(account + "/sign-out-elsewhere").status == 303)
            #expect(try await refreshes(second) == false)
            try await browser.get(account)
            #expect(await browser.shows("No application holds a session of yours."))

            // The device renamed: refused empty (the form again, as typed), then named.
            let deviceID = device.credentialID
            try await browser.get(account + "/credentials/\(deviceID)/rename")
            #expect(await browser.shows(#"<input id="name" name="name" value="" required maxlength="100">"#), "no name yet")
            let empty = try await browser.post(account + "/credentials/\(deviceID)/rename", form: ["name": "  "])
            #expect(empty.status == 400)
            let refused = await browser.page
            #expect(refused.contains(#"aria-invalid="true""#) && refused.contains("&#39;name&#39; is required"))
            #expect(try await browser.post(account + "/credentials/\(deviceID)/rename", form: ["name": "Work <laptop>"]).status == 303)
            try await browser.get(account)
            #expect(await browser.shows("<strong>Work &lt;laptop&gt;</strong>"))

            // Revoking the device, within five minutes of signing in: asked, done.
            try await browser.get(account + "/credentials/\(deviceID)/revoke")
            var page = await browser.page
            #expect(page.contains(#"id="confirm""#) && !page.contains(#"id="last-credential""#))
            #expect(try await browser.post(account + "/credentials/\(deviceID)/revoke").status == 303)
            let signIn = try await app.authorize()
            #expect(try await device.authenticate(invokeURL: try #require(signIn.location), server: server).status != 200)

            // The passkey, the last: warned; after five minutes a fresh sign-in is asked first.
            try await browser.get(account)
            let passkeyID = try #require(await browser.page.matches(#"<li data-credential="([^"]+)"><strong>Passkey on this device</strong>"#).first)
            clock.advance(by: 6 * 60)
            try await browser.get(account + "/credentials/\(passkeyID)/revoke")
            page = await browser.page
            #expect(page.contains(#"id="last-credential""#))
            #expect(page.contains(#"id="proof-needed""#) && !page.contains(#"id="confirm""#))
            #expect(page.contains("passkey?next=credentials/\(passkeyID)/revoke"))
            let stale = try await browser.post(account + "/credentials/\(passkeyID)/revoke")
            #expect(stale.status == 403 && stale.error == "forbidden")
            let staleAdd = try await browser.post(account + "/passkeys/options", json: [:])
            #expect(staleAdd.status == 403 && staleAdd.error == "forbidden", "adding a passkey needs a fresh sign-in too")
            #expect(try await PasskeyBrowserTests.credentials(server, realm).contains { $0["id"] as? String == passkeyID && $0["state"] as? String == "active" })
            // Suspending the identity ends the page's session for good: reactivated, it stays ended.
            let identity = AdminAPI.identity(tenant: realm.tenantID, realm: realm.realmID, identity: realm.identityID)
            #expect(try await server.admin.send("PATCH", identity, json: ["status": "suspended"]).status == 200)
            #expect(try await browser.post(account + "/sign-out-elsewhere").status == 303)
            try await browser.get(account)
            #expect(await browser.shows(#"id="sign-in-passkey""#))
            #expect(try await server.admin.send("PATCH", identity, json: ["status": "active"]).status == 200)
            try await browser.get(account)
            #expect(await browser.shows(#"id="sign-in-passkey""#))

            // Signed in again (a fresh proof; the former session ends), the passkey is revoked, and
            // the page's session with it.
            let again = try await PasskeyBrowserTests.browser([
                "account", "--url", realm.confidential.issuer + "/account", "--rp-id", "localhost", "--origin", server.baseURL,
                "--credential-file", saved,
            ])
            let fresh = TestBrowser(server: server)
            for (name, value) in try #require(again["cookies"] as? [String: String], "\(again["status_text"] ?? "")") { await fresh.setCookie(name, value) }
            try await fresh.get(account + "/credentials/\(passkeyID)/revoke")
            #expect(await fresh.shows(#"id="confirm""#))
            #expect(try await fresh.post(account + "/credentials/\(passkeyID)/revoke").status == 303)
            try await fresh.get(account)
            #expect(await fresh.shows(#"id="sign-in-passkey""#))
            #expect(try await PasskeyBrowserTests.credentials(server, realm).contains { $0["id"] as? String == passkeyID && $0["state"] as? String == "revoked" })

            // Audited with the browser's address and agent.
            let events = try await server.admin.send("GET", AdminAPI.auditEvents + "?page_size=1000")
            let byAccount = (events.json["items"] as? [[String: Any]] ?? []).compactMap { event -> String? in
                let detail = (event["detail"] as? String).flatMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
                guard detail?["by"] as? String == "account", detail?["address"] != nil, detail?["identity_id"] as? String == realm.identityID
                else { return nil }
                return event["type"] as? String
            }
            #expect(byAccount == ["session.revoked", "session.revoked", "credential.renamed", "credential.revoked", "credential.revoked"], "\(byAccount)")
        }
    }

    /// Signed in, a person changes their email address: the link mailed (through a real SMTP
    /// relay) to the new address confirms it, once; the former address is told, and its link
    /// undoes the change and signs the page out everywhere. A stale sign-in is asked for a fresh
    /// one first; an address that is not one is refused as typed; a foreign origin changes nothing.
    @Test(.requires(.aiosmtpd)) func aPersonChangesTheirEmailAddressByALinkMailedToIt() async throws {
        let clock = TestClock()
        try await SMTPTestServer.with { relay async throws in
            let port = relay.port
            try await Self.withPasskey(clock: clock, configure: { configuration in
                configuration.mail.smtpHost = "127.0.0.1"
                configuration.mail.smtpPort = port
                configuration.mail.smtpSecurity = .none
            }) { server, realm, saved, work in
                // In Chromium, by the keyboard and at phone width: signed in, the address asked for.
                let screenshot = Screenshots.path("account-email.png", in: "sign-in", else: work)
                let signedIn = try await PasskeyBrowserTests.browser([
                    "account", "--url", realm.confidential.issuer + "/account", "--rp-id", "localhost", "--origin", server.baseURL,
                    "--credential-file", saved, "--save-credential", saved, "--change-email", " ada.new@example.com ",
                    "--email-screenshot", screenshot,
                ])
                let change = try #require(signedIn["email_change"] as? [String: Any], "\(signedIn["status_text"] ?? "")")
                #expect(change["keyboard"] as? Bool == true && change["focus_visible"] as? Bool == true, "\(change)")
                #expect(change["horizontal_overflow"] as? Bool == false)
                #expect((change["pending_text"] as? String)?.contains("We mailed a link to ada.new@example.com") == true, "\(change)")
                let browser = TestBrowser(server: server)
                for (name, value) in try #require(signedIn["cookies"] as? [String: String], "\(signedIn["status_text"] ?? "")") {
                    await browser.setCookie(name, value)
                }
                let account = String((realm.confidential.issuer + "/account").dropFirst(server.baseURL.count))
                try await browser.get(account)
                #expect(await browser.shows(#"href="\#(account)/email" id="change-email">Change email</a>"#))

                // Refused as typed: the form again, with why.
                try await browser.get(account + "/email")
                #expect(await browser.shows(#"<strong id="current-email">ada@example.com</strong>"#))
                let typo = try await browser.post(account + "/email", form: ["email": "ada at example.com"])
                #expect(typo.status == 400)
                let refusedForm = await browser.page
                #expect(refusedForm.contains(#"value="ada at example.com""#) && refusedForm.contains(#"id="email-error""#))
                let same = try await browser.post(account + "/email", form: ["email": "ADA@example.com"])
                #expect(same.status == 400 && String(decoding: same.body, as: UTF8.self).contains("that is your address already"))

                // Both addresses get their mail through the relay.
                let mails = try await eventually("both mails of the change arrive at the relay") {
                    let messages = try relay.messages()
                    return messages.count >= 2 ? messages : nil
                }
                func link(to recipient: String, _ step: String) throws -> String {
                    let mail = try #require(mails.first { ($0["rcpt_tos"] as? [String]) == [recipient] }, "a mail to \(recipient)")
                    let content = try #require(mail["content"] as? String)
                    let prefix = realm.confidential.issuer + "/account/email/\(step)?token="
                    let start = try #require(content.range(of: prefix), "\(content)")
                    let token = content[start.upperBound...].prefix { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }
                    return String((prefix + token).dropFirst(server.baseURL.count))
                }
                let confirm = try link(to: "ada.new@example.com", "confirm")
                let cancel = try link(to: "ada@example.com", "cancel")
                #expect(try await server.identityEmail(realm) == "ada@example.com", "unchanged until the link is followed")

                // Opened, the link asks; a form from another origin is refused; the button confirms, once.
                let opened = TestBrowser(server: server)
                try await opened.get(confirm)
                #expect(await opened.shows("Use ada.new@example.com for your account?"))
                let token = String(try #require(confirm.split(separator: "=").last))
                // Under another realm's page the link is no link.
                let elsewhere = try await TestRealm.create(on: server)
                let otherPage = String((elsewhere.confidential.issuer + "/account/email/confirm").dropFirst(server.baseURL.count))
                #expect(try await opened.get(otherPage + "?token=" + token).status == 404)
                #expect(try await opened.post(otherPage, form: ["token": token]).status == 404)
                let foreign = try await opened.post(account + "/email/confirm", form: ["token": token], origin: "https://evil.example")
                #expect(foreign.status == 403)
                #expect(try await opened.post(account + "/email/confirm", form: ["token": token]).status == 200)
                #expect(await opened.shows("Your account now uses ada.new@example.com."))
                #expect(try await server.identityEmail(realm) == "ada.new@example.com")
                #expect(try await opened.post(account + "/email/confirm", form: ["token": token]).status == 404)
                #expect(try await opened.get(confirm).status == 404)

                // The former address's link undoes it, and signs the page out everywhere.
                try await opened.get(cancel)
                #expect(await opened.shows("Cancel the change to ada.new@example.com?"))
                let cancelToken = String(try #require(cancel.split(separator: "=").last))
                #expect(try await opened.post(account + "/email/cancel", form: ["token": cancelToken]).status == 200)
                #expect(try await server.identityEmail(realm) == "ada@example.com")
                try await browser.get(account)
                #expect(await browser.shows(#"id="sign-in-passkey""#))
                #expect(try await opened.post(account + "/email/cancel", form: ["token": cancelToken]).status == 404)

                // Audited with the browser's address; the change and its undoing sent as identity updates.
                let events = try await server.admin.send("GET", AdminAPI.auditEvents + "?page_size=1000")
                let types = (events.json["items"] as? [[String: Any]] ?? []).compactMap { $0["type"] as? String }
                    .filter { $0.hasPrefix("account.email") }
                #expect(types.sorted() == ["account.email_change_cancelled", "account.email_change_requested", "account.email_changed"], "\(types)")

                // Signed in again, but not lately: a fresh sign-in comes first.
                let again = try await PasskeyBrowserTests.browser([
                    "account", "--url", realm.confidential.issuer + "/account", "--rp-id", "localhost", "--origin", server.baseURL,
                    "--credential-file", saved,
                ])
                let stale = TestBrowser(server: server)
                for (name, value) in try #require(again["cookies"] as? [String: String]) { await stale.setCookie(name, value) }
                clock.advance(by: 6 * 60)
                try await stale.get(account + "/email")
                let proof = await stale.page
                #expect(proof.contains(#"id="proof-needed""#) && proof.contains("passkey?next=email"))
                let refused = try await stale.post(account + "/email", form: ["email": "ada.other@example.com"])
                #expect(refused.status == 403 && refused.error == "forbidden")
            }
        }
    }
}

extension RunningServer {
    /// The realm's identity's email address, as the admin API gives it.
    fileprivate func identityEmail(_ realm: TestRealm) async throws -> String? {
        try await admin.send("GET", AdminAPI.identity(tenant: realm.tenantID, realm: realm.realmID, identity: realm.identityID))
            .json["email"] as? String
    }
}

extension String {
    /// The first capture group of each match of `pattern`.
    fileprivate func matches(_ pattern: String) -> [String] {
        let regex = try! NSRegularExpression(pattern: pattern)
        return regex.matches(in: self, range: NSRange(startIndex..., in: self)).compactMap { match in
            Range(match.range(at: 1), in: self).map { String(self[$0]) }
        }
    }
}
