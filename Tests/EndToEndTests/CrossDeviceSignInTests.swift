import DeviceSignIn
import Foundation
import IdentityProtocol
import IdentityServer
import JWTKit
import Testing
import TestProcessSupport
import IdentityServerCore
import ServerTestSupport

/// Cross-device sign-in over HTTP: a browser starts it at `/authorize` and waits on the hosted
/// page; a device with a credential reads the code, sees the browser's origin, approves or
/// declines; only the browser that started it gets the code (issue 31).
@Suite struct CrossDeviceSignInTests {
    /// A realm whose confidential application signs in on another device (or with `methods`), an
    /// enrolled device, and a browser that has started a sign-in and shows its page.
    private static func withStartedSignIn(
        _ mode: ServerMode = .router, methods: [String] = ["cross_device"], clock: TestClock? = nil,
        configure: @escaping @Sendable (inout ServerConfiguration) -> Void = { _ in },
        _ body: @escaping @Sendable (RunningServer, TestRealm, TestDevice, TestRelyingParty, TestBrowser) async throws -> Void
    ) async throws {
        try await RunningServer.withEnrolledDevice(mode, configure: {
            if let clock { $0.now = clock.now }
            configure(&$0)
        }) { server, realm, device in
            let updated = try await server.admin.send(
                "PATCH", try await realm.adminPath(of: realm.confidential), json: ["sign_in_methods": methods])
            try #require(updated.status == 200 && updated.json["sign_in_methods"] as? [String] == methods, "\(updated.json)")
            let party = TestRelyingParty(application: realm.confidential, server: server)
            let browser = TestBrowser(server: server)
            let started = try await browser.get(try party.authorizeURL())
            try #require(started.status == 303, "\(started.json)")
            let page = try #require(started.location)
            #expect(page.hasPrefix(server.baseURL + "/v1/sign-ins/"))
            #expect(started.header("Set-Cookie")?.contains("HttpOnly; SameSite=Lax") == true)
            try await body(server, realm, device, party, browser)
        }
    }

    @Test(arguments: ServerMode.allCases) func theBrowserThatStartedItGetsTheCodeOnceTheDeviceApproves(mode: ServerMode) async throws {
        try await Self.withStartedSignIn(mode) { server, realm, device, party, browser in
            let page = try await browser.get(try #require(await browser.lastLocation))
            #expect(page.status == 200)
            #expect(page.header("Content-Security-Policy")?.contains("script-src 'self'") == true)
            #expect(page.header("X-Frame-Options") == "DENY" && page.header("Cache-Control") == "no-store")
            #expect(await browser.shows(#"<img id="qr" src="data:image/png;base64,"#))
            let url = try #require(await browser.signInURL)
            #expect(url.hasPrefix(server.baseURL + CrossDeviceAPI.signInURL + "?request="))
            let code = try TestDevice.code(in: url)
            #expect(await browser.shows(code))

            // The device sees where the request comes from before it approves.
            let context = try await device.crossDeviceContext(code, server: server)
            #expect(context.status == 200)
            let origin = try #require(context.json["origin"] as? [String: Any])
            #expect(origin["user_agent"] as? String == browser.userAgent)
            #expect(origin["referer"] as? String == "https://shop.example", "the referer's origin only, not its path and query")
            #expect(origin["geolocation"] == nil)
            #expect((context.json["challenge"] as? [String: Any])?["application_display_name"] as? String == "Shop (confidential)")
            #expect(context.json["state"] as? String == "pending")

            let approved = try await device.approve(code, server: server)
            #expect(approved.status == 200 && approved.json["state"] as? String == "approved", "\(approved.json)")

            // The browser confirms who approved before the code is minted.
            let pagePath = try #require(await browser.pagePath)
            let confirm = try await browser.get(pagePath)
            #expect(confirm.status == 200 && confirm.location == nil)
            #expect(await browser.shows(#"<strong id="identity">Ada Lovelace</strong>"#))
            let continued = try await browser.post(pagePath + "/continue")
            #expect(continued.status == 303)
            let redirect = try #require(continued.location)
            #expect(redirect.hasPrefix(TestRealm.callback + "?"))
            #expect(HTTPTestClient.queryItem("state", in: redirect) == party.state)
            let tokens = try await party.exchange(try #require(HTTPTestClient.queryItem("code", in: redirect)))
            #expect(tokens.status == 200)
            let claims = try await party.verifyIDToken(try #require(tokens.json["id_token"] as? String))
            #expect(claims.sub.value == realm.identityID)
            #expect(claims.amr == ["swk"], "a device that reports nothing counts as a software key")
            #expect(claims.acr == "phr")

            // The code was released once: the page now only says so.
            #expect(try await browser.post(pagePath + "/continue").location == nil)
            let again = try await browser.get(pagePath)
            #expect(again.status == 200 && again.location == nil)
            #expect(await browser.shows(#"data-reason="completed""#))

            let events = try await server.admin.send("GET", AdminAPI.auditEvents + "?page_size=1000")
            let approval = try #require((events.json["items"] as? [[String: Any]])?.first { $0["type"] as? String == "cross_device.approved" })
            let detail = try #require((approval["detail"] as? String).flatMap { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] })
            #expect(detail["browser_user_agent"] as? String == browser.userAgent)
            #expect(detail["credential_id"] as? String == device.credentialID)
        }
    }

    /// The QR code on the page is the sign-in URL, as a third-party reader decodes it.
    @Test(.requires(.zbar)) func theQRCodeCarriesTheSignInURL() async throws {
        try await Self.withStartedSignIn { _, _, _, _, browser in
            try await browser.get(try #require(await browser.lastLocation))
            let image = try #require(await browser.match(#"<img id="qr" src="data:image/png;base64,([^"]*)""#))
            let png = try #require(Data(base64Encoded: image))
            let decoded = try await Zbar.decode(Array(png)).trimmingCharacters(in: .whitespacesAndNewlines)
            #expect(decoded == (try #require(await browser.signInURL)))
        }
    }

    @Test func anotherBrowserNeverSeesTheCodeNorGetsTheSignIn() async throws {
        try await Self.withStartedSignIn { server, _, device, _, browser in
            let pagePath = try #require(await browser.lastLocation)
            try await browser.get(pagePath)
            let code = try TestDevice.code(in: try #require(await browser.signInURL))

            let stranger = TestBrowser(server: server)
            let refused = try await stranger.get(pagePath)
            #expect(refused.status == 403)
            #expect(await stranger.shows("This sign-in was started in another browser."))
            #expect(await stranger.shows("start again from this browser."))
            #expect(await !stranger.shows(code))
            #expect(await !stranger.shows("data:image/png"))
            let id = try #require(pagePath.split(separator: "/").last.map(String.init))
            await stranger.setCookie("bi_sign_in_\(id)", "made-up")
            #expect(try await stranger.get(pagePath).status == 403)
            #expect(try await stranger.get(pagePath + "/status").status == 403)

            #expect(try await device.approve(code, server: server).status == 200)
            let afterApproval = try await stranger.get(pagePath)
            #expect(afterApproval.status == 403 && afterApproval.location == nil)
            #expect(try await stranger.post(pagePath + "/continue").status == 403)
            // A post from another site is refused before anything happens.
            #expect(try await browser.post(pagePath + "/continue", origin: "https://evil.example").status == 403)
            // The browser that started it still continues.
            #expect(try await browser.post(pagePath + "/continue").status == 303)
        }
    }

    /// The browser's secret is minted by the server for each sign-in, named after it: a cookie
    /// the browser arrives with (planted by someone who knows its value) is never taken as the
    /// secret, and a second sign-in in the same browser leaves the first one's cookie working.
    @Test func theSecretIsMintedForEachSignInWhateverTheBrowserSends() async throws {
        try await Self.withStartedSignIn { server, realm, _, party, browser in
            let first = try #require(await browser.lastLocation)
            let planted = TestBrowser(server: server)
            await planted.setCookie("bi_sign_in", "ATTACKER-KNOWN")
            let started = try await planted.get(try party.authorizeURL())
            let page = try #require(started.location)
            let id = try #require(page.split(separator: "/").last.map(String.init))
            let cookie = try #require(started.header("Set-Cookie"))
            #expect(cookie.hasPrefix("bi_sign_in_\(id)=") && !cookie.contains("ATTACKER-KNOWN"), "\(cookie)")
            #expect(try await planted.get(page).status == 200)
            let attacker = TestBrowser(server: server)
            for name in ["bi_sign_in", "bi_sign_in_\(id)"] { await attacker.setCookie(name, "ATTACKER-KNOWN") }
            #expect(try await attacker.get(page).status == 403, "the value the attacker planted opens nothing")

            // The first browser starts another sign-in; both of its pages still open.
            let second = try #require(try await browser.get(try TestRelyingParty(application: realm.confidential, server: server)
                .authorizeURL()).location)
            #expect(second != first)
            #expect(try await browser.get(first).status == 200)
            #expect(try await browser.get(second).status == 200)
        }
    }

    /// Someone who saw the code on the screen approves with their own credential: the browser
    /// is told who approved, and cancels; nobody is signed in.
    @Test func aStrangersApprovalIsNamedAndCanBeCancelled() async throws {
        try await Self.withStartedSignIn { server, realm, _, party, browser in
            let pagePath = try #require(await browser.lastLocation)
            try await browser.get(pagePath)
            let code = try TestDevice.code(in: try #require(await browser.signInURL))
            let mallory = try await server.admin.created(
                AdminAPI.identities(tenant: realm.tenantID, realm: realm.realmID), ["username": "mallory", "display_name": "Mallory"])
            var strangersDevice = TestDevice()
            let link = try await realm.enrollmentLink(for: try #require(mallory["id"] as? String))
            #expect(try await strangersDevice.enroll(link: link, server: server).status == 201)
            #expect(try await strangersDevice.approve(code, server: server).status == 200)

            try await browser.get(pagePath)
            #expect(await browser.shows(#"<strong id="identity">Mallory</strong>"#))
            #expect(try await browser.post(pagePath + "/cancel").status == 200)
            #expect(await browser.shows(#"data-reason="cancelled""#))
            #expect(await browser.shows("You cancelled this sign-in."))
            let back = try #require(await browser.match(#"id="back" href="([^"]*)""#)).replacingOccurrences(of: "&amp;", with: "&")
            #expect(HTTPTestClient.queryItem("error", in: back) == "access_denied")
            #expect(HTTPTestClient.queryItem("state", in: back) == party.state)
            #expect(try await browser.post(pagePath + "/continue").location == nil, "a cancelled sign-in cannot be continued")
        }
    }

    /// A credential revoked between the approval and the browser's continue signs nobody in.
    @Test func aCredentialRevokedAfterApprovalSignsNobodyIn() async throws {
        try await Self.withStartedSignIn { server, _, device, _, browser in
            let pagePath = try #require(await browser.lastLocation)
            try await browser.get(pagePath)
            let code = try TestDevice.code(in: try #require(await browser.signInURL))
            #expect(try await device.approve(code, server: server).status == 200)
            #expect(try await device.revoke(server: server).status == 200)
            let refused = try await browser.post(pagePath + "/continue")
            #expect(refused.status == 200 && refused.location == nil)
            #expect(await browser.shows(#"data-reason="declined""#))
        }
    }

    /// What the browser says of itself reaches the phone as printable ASCII only: no line or
    /// direction controls to fake lines on its screen.
    @Test func theBrowsersOwnWordsAreKeptToPrintableText() async throws {
        try await RunningServer.withEnrolledDevice(.router) { server, realm, device in
            _ = try await server.admin.send(
                "PATCH", try await realm.adminPath(of: realm.confidential), json: ["sign_in_methods": ["cross_device"]])
            let party = TestRelyingParty(application: realm.confidential, server: server)
            let browser = TestBrowser(server: server, userAgent: "Safari on your iPhone\u{2028}Location: home \u{202E}gnp.exe")
            try await browser.get(try party.authorizeURL())
            try await browser.get(try #require(await browser.lastLocation))
            let code = try TestDevice.code(in: try #require(await browser.signInURL))
            let context = try await device.crossDeviceContext(code, server: server)
            let agent = try #require((context.json["origin"] as? [String: Any])?["user_agent"] as? String)
            #expect(agent.utf8.allSatisfy { (0x20...0x7E).contains($0) })
            #expect(agent.hasPrefix("Safari on your iPhone?"))
        }
    }

    @Test func aDeclinedSignInEndsThePageAndCannotBeApprovedAfter() async throws {
        try await Self.withStartedSignIn { server, _, device, party, browser in
            let pagePath = try #require(await browser.lastLocation)
            try await browser.get(pagePath)
            let code = try TestDevice.code(in: try #require(await browser.signInURL))
            let declined = try await device.decline(code, server: server)
            #expect(declined.status == 200 && declined.json["state"] as? String == "declined")
            #expect(try await browser.get(pagePath + "/status").json["state"] as? String == "declined")

            let ended = try await browser.get(pagePath)
            #expect(ended.status == 200)
            #expect(await browser.shows(#"data-reason="declined""#))
            let back = try #require(await browser.match(#"id="back" href="([^"]*)""#)).replacingOccurrences(of: "&amp;", with: "&")
            #expect(HTTPTestClient.queryItem("error", in: back) == "access_denied")
            #expect(HTTPTestClient.queryItem("state", in: back) == party.state)

            let late = try await device.approve(code, server: server)
            #expect(late.status == 409 && late.error == "sign_in_already_decided")
        }
    }

    /// The waiting page says whose sign-in it is and where, what the code is for and how to use
    /// the link on the phone that shows it; the browser can cancel while waiting, and then no
    /// device can approve it.
    @Test func theWaitingPageSaysWhoAsksAndCanBeCancelled() async throws {
        try await Self.withStartedSignIn { server, _, device, _, browser in
            let pagePath = try #require(await browser.lastLocation)
            try await browser.get(pagePath)
            let host = try #require(URLComponents(string: server.baseURL)?.host)
            #expect(await browser.shows(#"<p class="origin" id="origin">Customers · <span id="host">\#(host)</span></p>"#))
            #expect(await browser.shows("approve only if you started this sign-in yourself"))
            #expect(await browser.shows("Type this code in the app"))
            #expect(await browser.shows(#"id="open-link""#))
            let code = try TestDevice.code(in: try #require(await browser.signInURL))
            #expect(try await browser.post(pagePath + "/cancel").status == 200)
            #expect(await browser.shows(#"data-reason="cancelled""#))
            let late = try await device.approve(code, server: server)
            #expect(late.status == 409 && late.error == "sign_in_already_decided")
        }
    }

    /// A sign-in whose application stopped offering the app on another device takes no approval
    /// with the code its page showed.
    @Test func anApplicationThatStoppedOfferingTheOtherDeviceTakesNoApproval() async throws {
        try await Self.withStartedSignIn { server, realm, device, _, browser in
            let pagePath = try #require(await browser.lastLocation)
            try await browser.get(pagePath)
            let code = try TestDevice.code(in: try #require(await browser.signInURL))
            let changed = try await server.admin.send(
                "PATCH", try await realm.adminPath(of: realm.confidential), json: ["sign_in_methods": ["passkey"]])
            try #require(changed.status == 200)
            let refused = try await device.approve(code, server: server)
            #expect(refused.status == 400 && refused.error == "invalid_sign_in_code")
            #expect(refused.json["error_description"] as? String == "this sign-in cannot be approved on another device")
        }
    }

    @Test func aSecondApprovalIsRefusedAndTheCodeIsNotForTheSameDeviceEndpoint() async throws {
        try await Self.withStartedSignIn { server, _, device, _, browser in
            try await browser.get(try #require(await browser.lastLocation))
            let code = try TestDevice.code(in: try #require(await browser.signInURL))
            // The transaction behind it cannot be completed on the same-device path (whose
            // answer would give the code to the device instead of the browser).
            let context = try await device.crossDeviceContext(code, server: server)
            let transaction = try #require((context.json["challenge"] as? [String: Any])?["transaction"] as? String)
            let sameDevice = try await device.authenticate(
                invokeURL: "https://app.example/invoke?transaction=\(transaction)", server: server)
            #expect(sameDevice.status == 400 && sameDevice.error == "invalid_transaction")

            #expect(try await device.approve(code, server: server).status == 200)
            let second = try await device.approve(code, server: server)
            #expect(second.status == 409 && second.error == "sign_in_already_decided")
            let wrong = try await device.crossDeviceContext("BCDF-GHJK", server: server)
            #expect(wrong.status == 400 && wrong.error == "invalid_sign_in_code")
            let malformed = try await device.crossDeviceContext("<script>", server: server)
            #expect(malformed.status == 400 && malformed.error == "invalid_sign_in_code")
        }
    }

    @Test func aSignInNobodyApprovesInTimeExpires() async throws {
        let clock = TestClock()
        try await Self.withStartedSignIn(clock: clock) { server, _, device, party, browser in
            let pagePath = try #require(await browser.lastLocation)
            try await browser.get(pagePath)
            let code = try TestDevice.code(in: try #require(await browser.signInURL))
            clock.advance(by: 121)
            let late = try await device.approve(code, server: server)
            #expect(late.status == 400 && late.error == "sign_in_expired")
            #expect(try await browser.get(pagePath).status == 200)
            #expect(await browser.shows(#"data-reason="expired""#))
            let back = try #require(await browser.match(#"id="back" href="([^"]*)""#)).replacingOccurrences(of: "&amp;", with: "&")
            #expect(HTTPTestClient.queryItem("state", in: back) == party.state)
        }
    }

    /// An approval the browser does not continue within `continue_within` lapses: no code, the page says expired.
    @Test func anApprovalNotContinuedInTimeLapses() async throws {
        let clock = TestClock()
        try await Self.withStartedSignIn(clock: clock) { server, _, device, party, browser in
            let pagePath = try #require(await browser.lastLocation)
            try await browser.get(pagePath)
            #expect(await browser.shows(#"id="this-device""#) == false, "an application on the other device only offers no hand-over")
            let code = try TestDevice.code(in: try #require(await browser.signInURL))
            #expect(try await browser.get(pagePath + "/this-device").status == 404)
            #expect(try await device.approve(code, server: server).status == 200)
            clock.advance(by: 61)
            let late = try await browser.post(pagePath + "/continue")
            #expect(late.status == 200 && late.location == nil)
            #expect(await browser.shows(#"data-reason="expired""#))
            let back = try #require(await browser.match(#"id="back" href="([^"]*)""#)).replacingOccurrences(of: "&amp;", with: "&")
            #expect(HTTPTestClient.queryItem("error", in: back) == "access_denied")
            #expect(HTTPTestClient.queryItem("state", in: back) == party.state)
        }
    }

    /// Live: the limit counts per client address, which only a socket has.
    @Test func codeLookupsAreRateLimitedPerAddress() async throws {
        let clock = TestClock()
        try await Self.withStartedSignIn(.live, clock: clock, configure: { $0.crossDeviceSignIn.requestsPerAddressPerMinute = 3 }) {
            server, _, device, _, _ in
            clock.startAMinute()
            for _ in 1...3 { #expect(try await device.crossDeviceContext("BCDF-GHJK", server: server).status == 400) }
            let limited = try await device.crossDeviceContext("BCDF-GHJK", server: server)
            #expect(limited.status == 429 && limited.error == "rate_limited")
        }
    }

    @Test func bothOffersTheAppOnThisDevice() async throws {
        try await Self.withStartedSignIn(methods: ["cross_device", "same_device"]) { server, _, device, party, browser in
            let pagePath = try #require(await browser.lastLocation)
            try await browser.get(pagePath)
            #expect(await browser.shows(#"id="this-device""#))
            #expect(await browser.shows(#"<details id="other-device">"#))
            let handOver = try await browser.get(pagePath + "/this-device")
            #expect(handOver.status == 303)
            let invoke = try #require(handOver.location)
            #expect(invoke.hasPrefix(TestRealm.invokeURL + "?"))
            let again = try #require(try await browser.get(pagePath + "/this-device").location)
            let result = try await device.authenticate(invokeURL: invoke, server: server)
            #expect(result.status == 200)
            _ = try party.code(from: result)
            // One authorization request earns one code, whichever path and however often handed over.
            let second = try await device.authenticate(invokeURL: again, server: server)
            #expect(second.status == 400 && second.error == "invalid_transaction")
            try await browser.get(pagePath)
            let code = try TestDevice.code(in: try #require(await browser.signInURL))
            #expect(try await device.approve(code, server: server).status == 200)
            try await browser.get(pagePath)
            let crossDevice = try await browser.post(pagePath + "/continue")
            #expect(crossDevice.location == nil, "the cross-device path cannot mint a second code")
        }
    }
}
