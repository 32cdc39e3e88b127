import DeviceSignIn
import Foundation
import IdentityProtocol
import ServerTestSupport
import Testing

/// Signing in to the account page with the app on another device: the page sends the browser to
/// its realm's hosted page as its own application, the enrolled device approves the QR code's
/// sign-in, and the code the browser comes back with opens the page's session, once, in that
/// browser only. A declined sign-in signs nobody in.
@Suite struct AccountAppSignInTests {
    /// Starts a sign-in to the account page in `browser` and returns the code the waiting page shows.
    private static func start(_ browser: TestBrowser, _ account: String, next: String? = nil) async throws -> String {
        let started = try await browser.get(account + "/sign-in/app" + (next.map { "?next=" + $0 } ?? ""))
        try #require(started.status == 303, "\(started.json)")
        let authorize = try #require(started.location)
        #expect(authorize.contains("/authorize?response_type=code&client_id=account-"))
        #expect(authorize.contains("code_challenge_method=S256") && !authorize.contains("code_verifier"))
        #expect(started.header("Set-Cookie")?.contains("HttpOnly; SameSite=Lax") == true)
        let handed = try await browser.get(authorize)
        try #require(handed.status == 303, "\(String(decoding: handed.body, as: UTF8.self))")
        try await browser.get(try #require(handed.location))
        return try TestDevice.code(in: try #require(await browser.signInURL))
    }

    @Test func aPersonSignsInByApprovingOnTheirPhone() async throws {
        try await RunningServer.withEnrolledDevice(.router) { server, realm, device in
            let account = String((realm.confidential.issuer + "/account").dropFirst(server.baseURL.count))
            let browser = TestBrowser(server: server)
            try await browser.get(account)
            #expect(await browser.shows(#"id="sign-in-app" href="\#(account)/sign-in/app""#))

            // The device sees the page's application, and approves.
            let code = try await Self.start(browser, account)
            let context = try await device.crossDeviceContext(code, server: server)
            #expect(((context.json["challenge"] as? [String: Any])?["application_display_name"] as? String)?.hasPrefix("Your account at ") == true)
            #expect(try await device.approve(code, server: server).json["state"] as? String == "approved")
            let pagePath = try #require(await browser.pagePath)
            try await browser.get(pagePath)
            let continued = try await browser.post(pagePath + "/continue")
            let callback = try #require(continued.location)
            #expect(callback.hasPrefix(realm.confidential.issuer + "/account/callback?code="))

            // Another browser with the same link (stolen or shared) gets nothing.
            let stranger = TestBrowser(server: server)
            let stolen = try await stranger.get(callback)
            #expect(stolen.status == 400 && stolen.header("Set-Cookie")?.contains("bi_account_\(realm.realmID)=") != true)

            // The browser that started it is signed in, with the device marked, and freshly enough to revoke.
            let finished = try await browser.get(callback)
            #expect(finished.status == 303 && finished.location == account)
            #expect(await browser.cookies["bi_account_start_\(realm.realmID)"] == nil, "the started sign-in's cookie is cleared")
            try await browser.get(account)
            let page = await browser.page
            #expect(page.contains(#"id="account-overview""#) && page.contains(#"<strong id="username">ada</strong>"#))
            #expect(page.contains(#"<li data-credential="\#(device.credentialID)"><strong>"#) && page.contains("signed in with it"))
            try await browser.get(account + "/credentials/\(device.credentialID)/revoke")
            #expect(await browser.shows(#"id="confirm""#))

            // The code works once.
            let replayed = try await browser.get(callback)
            #expect(replayed.status == 400)
            try await browser.get(account)
            #expect(await browser.shows(#"id="account-overview""#), "the session stands")

            // The page's application is the realm's, seen by administrators; the sign-in is audited.
            let applications = try await server.admin.send("GET", AdminAPI.applications(tenant: realm.tenantID, realm: realm.realmID))
            #expect((applications.json["items"] as? [[String: Any]] ?? []).contains { $0["client_id"] as? String == "account-\(realm.realmID)" })
            let events = try await server.admin.send("GET", AdminAPI.auditEvents + "?page_size=1000")
            let items = events.json["items"] as? [[String: Any]] ?? []
            let signedIn = items.filter { $0["type"] as? String == "account.signed_in" }
            #expect(signedIn.count == 1 && (signedIn.first?["detail"] as? String)?.contains(#""via":"cross_device""#) == true)
            #expect(items.contains { $0["type"] as? String == "admin.application.created" && $0["subject_id"] as? String == "account-\(realm.realmID)" })

            // An administrator who points it elsewhere does not break it: the next sign-in sets it right, audited.
            let application = AdminAPI.applications(tenant: realm.tenantID, realm: realm.realmID) + "/account-\(realm.realmID)"
            let repointed = try await server.admin.send("PATCH", application, json: ["redirect_uris": ["https://elsewhere.example/cb"], "display_name": "My account"])
            #expect(repointed.status == 200, "\(repointed.json)")
            _ = try await Self.start(TestBrowser(server: server), account)
            let repaired = try await server.admin.send("GET", application)
            #expect(repaired.json["redirect_uris"] as? [String] == [realm.confidential.issuer + "/account/callback"])
            #expect(repaired.json["display_name"] as? String == "My account", "an administrator may rename it")
        }
    }

    /// A sign-in asked for a fresh proof comes back to the step that asked; a declined one signs nobody in.
    @Test func aFreshProofFromThePhoneComesBackToItsStepAndADeclineSignsNobodyIn() async throws {
        try await RunningServer.withEnrolledDevice(.router) { server, realm, device in
            let account = String((realm.confidential.issuer + "/account").dropFirst(server.baseURL.count))
            let declined = TestBrowser(server: server)
            let refused = try await Self.start(declined, account)
            #expect(try await device.decline(refused, server: server).status == 200)
            let pagePath = try #require(await declined.pagePath)
            try await declined.get(pagePath)
            let back = try #require(await declined.match(#"href="([^"]*/account/callback\?[^"]*)""#)?.replacingOccurrences(of: "&amp;", with: "&"))
            let nobody = try await declined.get(back)
            #expect(nobody.status == 400)
            #expect(await declined.shows("Nobody was signed in"))
            #expect(await declined.cookies["bi_account_\(realm.realmID)"] == nil)

            let browser = TestBrowser(server: server)
            let step = "credentials/\(device.credentialID)/revoke"
            let code = try await Self.start(browser, account, next: step)
            #expect(try await device.approve(code, server: server).status == 200)
            let page = try #require(await browser.pagePath)
            try await browser.get(page)
            let callback = try #require(try await browser.post(page + "/continue").location)
            #expect(try await browser.get(callback).location == account + "/" + step)
        }
    }
}
