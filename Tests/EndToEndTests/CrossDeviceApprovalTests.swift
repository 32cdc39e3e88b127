import BeyondIdentityEmbedded
import Foundation
import IdentityProtocol
import JWTKit
import Testing
import ServerTestSupport

/// Cross-device sign-in answered by the real SDK and by `bi device approve` (issue 31): a
/// browser starts a sign-in at `/authorize` and shows the sign-in URL on its page; the app on
/// the device reads the browser's origin, then approves (the browser then gets the code, and
/// the ID token is the device's identity's) or declines (the page says so).
@Suite struct CrossDeviceApprovalTests {
    @Test func theSDKShowsTheContextThenApprovesAndTheBrowserSignsIn() async throws {
        try await RunningServer.withRealm { server, realm in
            // The app is configured for the realm's public client; the sign-in is the web application's.
            let app = TestApp(server: server, application: realm.publicClient)
            let credential = try await app.sdk.registerCredentials(URL(string: try await realm.enrollmentLink())!)
            let signIn = try await SignInStarted(server: server, realm: realm)
            let url = try #require(URL(string: signIn.url))
            #expect(app.sdk.isAuthenticateUrl(url))

            let context = try await app.sdk.getAuthenticationContext(url: url)
            #expect(context.authUrl == url)
            #expect(context.application.displayName == "Shop (confidential)")
            #expect(context.origin.userAgent == signIn.browser.userAgent)
            #expect(context.origin.sourceIp == "127.0.0.1")
            #expect(context.origin.referer == "https://shop.example")
            #expect(context.origin.geolocation == nil)
            #expect(abs(context.startedAt.timeIntervalSinceNow) < 60)

            let response = try await app.sdk.authenticate(url: url)
            #expect(response == AuthenticateResponse(redirectURL: url, message: "Continue on your other device", continuesOnOtherDevice: true))
            let claims = try await signIn.browserContinues()
            #expect(claims.sub.value == credential.identityID)
            #expect(claims.sub.value == realm.identityID)

            // Single use: the same URL can no longer be approved, or its context read.
            await #expect(throws: BISDKError.crossDeviceFailed(.alreadyDecided)) { try await app.sdk.authenticate(url: url) }
            await #expect(throws: BISDKError.crossDeviceFailed(.alreadyDecided)) { try await app.sdk.getAuthenticationContext(url: url) }
            let unknown = try #require(URL(string: server.baseURL + CrossDeviceAPI.signInURL + "?request=BCDF-GHJK"))
            await #expect(throws: BISDKError.crossDeviceFailed(.unknownCode)) { try await app.sdk.getAuthenticationContext(url: unknown) }
        }
    }

    @Test func theSDKDeclinesAndTheBrowsersPageSaysSo() async throws {
        try await RunningServer.withRealm { server, realm in
            let app = TestApp(server: server, application: realm.publicClient)
            _ = try await app.sdk.registerCredentials(URL(string: try await realm.enrollmentLink())!)
            let signIn = try await SignInStarted(server: server, realm: realm)
            let url = try #require(URL(string: signIn.url))
            try await app.sdk.declineAuthentication(url: url)
            #expect(try await signIn.browser.get(signIn.page).status == 200)
            #expect(await signIn.browser.shows(#"data-reason="declined""#))
            await #expect(throws: BISDKError.crossDeviceFailed(.alreadyDecided)) { try await app.sdk.authenticate(url: url) }
        }
    }

    @Test func biDeviceApproveShowsTheContextAndAsks() async throws {
        try await RunningServer.withRealm { server, realm in
            let directory = try await Self.registeredDevice(server, realm)
            defer { try? FileManager.default.removeItem(atPath: directory) }
            let device = ["--device", directory]

            // --yes approves without asking; the browser then signs in as the device's identity.
            let first = try await SignInStarted(server: server, realm: realm)
            let approved = try await BICommand.run(["device", "approve", "--yes"] + device + [first.url])
            try #require(approved.status == 0, "\(approved.stderr)")
            let lines = approved.stdout.split(separator: "\n").map(String.init)
            #expect(lines.first == "sign-in to Shop (confidential) (application \(try await realm.applicationID(of: realm.confidential)))")
            #expect(lines.contains { $0.hasPrefix("  started: ") && $0.hasSuffix(" s ago)") }, "\(approved.stdout)")
            #expect(lines.contains("  browser address: 127.0.0.1"), "\(approved.stdout)")
            #expect(lines.contains("  user agent: \(first.browser.userAgent)"), "\(approved.stdout)")
            #expect(lines.contains("  place: not known"), "\(approved.stdout)")
            #expect(lines.contains("  referer: https://shop.example"), "\(approved.stdout)")
            #expect(!approved.stdout.contains("[y/N]"))
            #expect(lines.last == "approved: Continue on your other device")
            #expect(try await first.browserContinues().sub.value == realm.identityID)

            // Without --yes it asks; "n" declines, and the browser's page says so.
            let second = try await SignInStarted(server: server, realm: realm)
            let declined = try await BICommand.run(["device", "approve"] + device + [second.url], input: "n\n")
            try #require(declined.status == 0, "\(declined.stderr)")
            #expect(declined.stdout.contains("Approve this sign-in? [y/N] declined: Nobody was signed in."), "\(declined.stdout)")
            #expect(try await second.browser.get(second.page).status == 200)
            #expect(await second.browser.shows(#"data-reason="declined""#))

            // The same URL again: refused, saying why.
            let again = try await BICommand.run(["device", "approve", "--yes"] + device + [second.url])
            #expect(again.status == 1)
            #expect(again.stderr == "bi: error: The sign-in on the other device cannot be answered: "
                + "the sign-in was approved or declined already\n")

            // --json: the context and the outcome in one object; an empty answer declines.
            let third = try await SignInStarted(server: server, realm: realm)
            let json = try await BICommand.run(["device", "approve", "--json"] + device + [third.url], input: "\n")
            try #require(json.status == 0, "\(json.stderr)")
            #expect(json.stderr == "Approve this sign-in? [y/N] ")
            #expect(json.json["state"] as? String == "declined")
            #expect(json.json["user_agent"] as? String == third.browser.userAgent)
            #expect(json.json["source_ip"] as? String == "127.0.0.1")
            #expect(json.json["application"] as? String == "Shop (confidential)")
        }
    }

    @Test func biUIApproveAsksForTheURLShowsTheContextAndApproves() async throws {
        try await RunningServer.withRealm { server, realm in
            let directory = try await Self.registeredDevice(server, realm)
            defer { try? FileManager.default.removeItem(atPath: directory) }
            let signIn = try await SignInStarted(server: server, realm: realm)

            let terminal = try await PseudoTerminal(["ui", "approve", "--device", directory], columns: 400)
            let ask = try await terminal.waitFor("or a choice: ")
            #expect(ask.contains("Approve a sign-in on another device") && ask.contains("Sign-in link ("), "\(ask)")
            terminal.type(signIn.url)
            let context = PseudoTerminal.plain(try await terminal.waitFor("Choose 1-3: "))
            #expect(context.contains("Sign in to Shop (confidential) on another device?"), "\(context)")
            #expect(context.contains("Browser address") && context.contains("127.0.0.1"), "\(context)")
            #expect(context.contains(signIn.browser.userAgent), "\(context)")
            #expect(context.contains("https://shop.example"), "\(context)")
            #expect(context.contains("1) Approve") && context.contains("2) Decline") && context.contains("3) Close"), "\(context)")
            terminal.type("1")
            let done = PseudoTerminal.plain(try await terminal.waitFor("Continue on your other device."))
            #expect(done.contains("Approving the sign-in…") && done.contains("Approved"), "\(done)")
            try await terminal.waitFor("Choose 1-1: ")
            terminal.type("1")
            try await terminal.waitFor("approved: continue on your other device")
            #expect(await terminal.exitStatus() == 0)
            #expect(try await signIn.browserContinues().sub.value == realm.identityID)
        }
    }

    /// A device directory configured (`bi device configure`) for the realm's public client,
    /// with a credential registered from a fresh enrollment link; returns its path.
    private static func registeredDevice(_ server: RunningServer, _ realm: TestRealm) async throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bi-approve-\(UUID().uuidString)").path
        let configured = try await BICommand.run([
            "device", "configure", "--device", directory, "--server", server.baseURL,
            "--client-id", realm.publicClient.clientID, "--redirect-uri", TestRealm.callback,
        ])
        try #require(configured.status == 0, "\(configured.stderr)")
        let registered = try await BICommand.run(["device", "register", "--device", directory, try await realm.enrollmentLink()])
        try #require(registered.status == 0, "\(registered.stderr)")
        return directory
    }
}

/// A sign-in a browser started at `/authorize` for the realm's confidential application, made
/// to sign in on another device: the browser (keeping its `bi_sign_in` cookie), its page, and
/// the sign-in URL the page shows.
private struct SignInStarted: Sendable {
    let party: TestRelyingParty
    let browser: TestBrowser
    let page: String
    let url: String

    init(server: RunningServer, realm: TestRealm) async throws {
        let updated = try await server.admin.send(
            "PATCH", try await realm.adminPath(of: realm.confidential), json: ["sign_in_methods": ["cross_device"]])
        try #require(updated.status == 200, "\(updated.json)")
        party = TestRelyingParty(application: realm.confidential, server: server)
        browser = TestBrowser(server: server)
        let started = try await browser.get(try party.authorizeURL())
        try #require(started.status == 303, "\(started.json)")
        page = try #require(started.location)
        #expect(page.hasPrefix(server.baseURL + "/v1/sign-ins/"))
        #expect(try await browser.get(page).status == 200)
        url = try #require(await browser.signInURL)
        #expect(url.hasPrefix(server.baseURL + CrossDeviceAPI.signInURL + "?request="))
    }

    /// The browser opens its page again and continues as who approved: it is sent to the
    /// redirect URI with the code and the state it sent, and the code's tokens carry a verified
    /// ID token, whose claims this returns.
    func browserContinues() async throws -> TestRelyingParty.IDClaims {
        #expect(try await browser.get(page).status == 200)
        let continued = try await browser.post(page + "/continue")
        #expect(continued.status == 303)
        let redirect = try #require(continued.location)
        #expect(redirect.hasPrefix(TestRealm.callback + "?"))
        #expect(HTTPTestClient.queryItem("state", in: redirect) == party.state)
        let tokens = try await party.exchange(try #require(HTTPTestClient.queryItem("code", in: redirect)))
        try #require(tokens.status == 200, "\(tokens.json)")
        return try await party.verifyIDToken(try #require(tokens.json["id_token"] as? String))
    }
}

extension TestRealm {
    /// The id of one of the realm's applications, found by its client id.
    func applicationID(of application: TestApplication) async throws -> String {
        try #require(try await adminPath(of: application).split(separator: "/").last.map(String.init))
    }
}
