import AdminConsole
import Foundation
import IdentityProtocol
import IdentityServer
import Testing
import IdentityServerCore
import ServerTestSupport

/// The console's sign-in, sessions and form protection, through the router and a live server:
/// cookies as the issue requires, CSRF and Origin checks that change nothing when they refuse,
/// tenant scope, and sessions ended by sign-out, idleness, age and the admin token's end.
@Suite struct ConsoleSessionTests {
    /// The tenants the admin API lists.
    private static func tenantNames(_ server: RunningServer) async throws -> [String] {
        let listed = try await server.admin.send("GET", "/v1/admin/tenants")
        return (listed.json["items"] as? [[String: Any]] ?? []).compactMap { $0["display_name"] as? String }
    }

    /// The detail of the newest audit event of `type`.
    private static func newestDetail(_ type: String, on server: RunningServer) async throws -> [String: String]? {
        let detail = try await newestEvent(type, on: server)?["detail"] as? String
        return try detail.flatMap { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: String] }
    }

    /// The newest audit event of `type`.
    private static func newestEvent(_ type: String, on server: RunningServer) async throws -> [String: Any]? {
        try await server.admin.allItems(AdminAPI.auditEvents).last { $0["type"] as? String == type }
    }

    @Test(arguments: ServerMode.allCases)
    func signingInOpensASessionInAStrictCookie(mode: ServerMode) async throws {
        try await RunningServer.withRealm(mode) { server, _ in
            let browser = ConsoleBrowser(server: server)
            let closed = try await browser.get("")
            #expect(closed.status == 303 && closed.location == "/console/sign-in")

            let signIn = try await browser.get("/sign-in")
            #expect(signIn.status == 200)
            #expect(signIn.header("Set-Cookie")?.contains("bi_console_sign_in=") == true)
            let signedIn = try await browser.post("/sign-in", ["token": server.adminToken])
            #expect(signedIn.status == 303 && signedIn.location == "/console")
            let cookie = try #require(signedIn.header("Set-Cookie")?.components(separatedBy: ", ").first { $0.hasPrefix("bi_console=") })
            for attribute in ["HttpOnly", "SameSite=Strict", "Path=/console"] {
                #expect(cookie.contains(attribute), "\(cookie)")
            }
            #expect(!cookie.contains("Max-Age"), "a browser-session cookie")
            #expect(!cookie.contains("Secure") && !cookie.contains("__Host-"), "http: neither Secure nor the __Host- prefix")

            let dashboard = try await browser.get("")
            #expect(dashboard.status == 200)
            #expect(await browser.page.contains("Signed in as bootstrap"))
            let detail = try #require(try await Self.newestDetail("console.signed_in", on: server))
            #expect(detail["via"] == "console" && detail["admin_token"] == "bootstrap" && detail["admin_token_id"]?.count == 16)
            #expect(detail["request_id"]?.isEmpty == false)
        }
    }

    @Test func underAnHTTPSPublicURLTheCookieIsSecureWithTheHostPrefix() async throws {
        try await RunningServer.withRealm(.router, configure: { $0.publicBaseURL = "https://bi.test" }) { server, _ in
            let browser = ConsoleBrowser(server: server, origin: "https://bi.test")
            let signedIn = try await browser.signIn(server.adminToken)
            #expect(signedIn.status == 303 && signedIn.location == "/console")
            let cookie = try #require(signedIn.header("Set-Cookie")?.components(separatedBy: ", ").first { $0.hasPrefix("__Host-bi_console=") })
            #expect(cookie.contains("Secure") && cookie.contains("Path=/;") && cookie.contains("HttpOnly") && cookie.contains("SameSite=Strict"))
            #expect(try await browser.get("").status == 200)
        }
    }

    /// A console link followed without a session goes through the sign-in and lands on its
    /// page, query and all; a `next` that leaves the console goes to the dashboard instead.
    @Test func signingInAfterFollowingALinkLandsOnItsPage() async throws {
        try await RunningServer.withRealm(.router) { server, realm in
            let browser = ConsoleBrowser(server: server)
            let page = "/tenants/\(realm.tenantID)/realms/\(realm.realmID)/identities?q=ada"
            let followed = try await browser.get(page)
            #expect(followed.status == 303)
            #expect(followed.location == "/console/sign-in?next=%2Ftenants%2F\(realm.tenantID)%2Frealms%2F\(realm.realmID)%2Fidentities%3Fq%3Dada")
            try await browser.get(String(try #require(followed.location).dropFirst("/console".count)))
            // The form carries the page on: what it holds (HTML-escaped) is what is posted.
            let next = try #require(await browser.match(#"name="next" value="([^"]*)""#)).replacingOccurrences(of: "&#61;", with: "=")
            #expect(next == page)
            let signedIn = try await browser.post("/sign-in", ["token": server.adminToken, "next": next])
            #expect(signedIn.status == 303 && signedIn.location == "/console" + page)
            for away in ["//evil.example/x", "https://evil.example/", #"/\evil.example"#, "/sign-out"] {
                let other = ConsoleBrowser(server: server)
                try await other.get("/sign-in")
                let landed = try await other.post("/sign-in", ["token": server.adminToken, "next": away])
                #expect(landed.status == 303 && landed.location == "/console", "\(away)")
            }
        }
    }

    /// Live only: through the router a request has no client address to limit.
    @Test func aWrongTokenOpensNothingAndRepeatedAttemptsAreLimited() async throws {
        let clock = TestClock()
        try await RunningServer.withRealm(.live, configure: {
            $0.console.signInsPerAddressPerMinute = 3
            $0.now = clock.now
        }) { server, _ in
            clock.startAMinute()  // the counting starts now, in one minute's window
            let browser = ConsoleBrowser(server: server)
            let refused = try await browser.signIn("not-a-token")
            #expect(refused.status == 400)
            #expect(await browser.page.contains("the admin token is not valid"))
            #expect(await browser.page.contains("not-a-token") == false, "what was typed is never shown again")
            #expect(await browser.cookies["bi_console"] == nil)
            #expect(try await browser.get("").location == "/console/sign-in")

            #expect(try await browser.signIn("still-wrong").status == 400)
            #expect(try await browser.signIn(server.adminToken).status == 303, "the third attempt is still let through")
            let session = await browser.cookies["bi_console"]
            let limited = try await browser.signIn(server.adminToken)
            #expect(limited.status == 429, "the fourth attempt in a minute, even with the right token")
            let waiting = await browser.page
            #expect(waiting.contains(#"<p id="retry-after">Try again in "#) && waiting.contains("Back to sign-in"))
            #expect(!waiting.contains("Back to the dashboard"), "no dashboard for someone not signed in")
            #expect(await browser.cookies["bi_console"] == session, "a refused attempt opens no session")
        }
    }

    @Test(arguments: ServerMode.allCases)
    func aFormWithoutTheSessionsCSRFTokenOrFromAnotherOriginChangesNothing(mode: ServerMode) async throws {
        try await RunningServer.withRealm(mode) { server, _ in
            let browser = ConsoleBrowser(server: server)
            try await browser.signIn(server.adminToken)
            try await browser.get("/tenants")
            let token = try #require(await browser.csrfToken)
            let before = try await Self.tenantNames(server)

            #expect(try await browser.post("/tenants", ["display_name": "Forged"], csrf: "").status == 403)
            #expect(try await browser.post("/tenants", ["display_name": "Forged"], csrf: "x" + token).status == 403)
            #expect(try await browser.post("/tenants", ["display_name": "Forged"], csrf: String(token.dropLast())).status == 403)
            try await browser.get("/tenants")
            #expect(try await browser.post("/tenants", ["display_name": "Forged"], origin: "https://evil.example").status == 403)
            #expect(await browser.page.contains("sent from another site"))
            #expect(try await Self.tenantNames(server) == before, "nothing was created")

            // A second operator's token cannot be replayed into this session.
            let other = ConsoleBrowser(server: server)
            try await other.signIn(server.adminToken)
            try await other.get("/tenants")
            let othersToken = try #require(await other.csrfToken)
            #expect(othersToken != token)
            #expect(try await browser.post("/tenants", ["display_name": "Forged"], csrf: othersToken).status == 403)

            try await browser.get("/tenants")
            let created = try await browser.post("/tenants", ["display_name": "Globex"])
            #expect(created.status == 303)
            let after = try await Self.tenantNames(server)
            #expect(after.sorted() == (before + ["Globex"]).sorted())
            #expect(try await Self.newestDetail("admin.tenant.created", on: server)?["via"] == "console")
        }
    }

    /// By default operators sign in as people only: the sign-in page offers no token form, a
    /// token posted is refused, and nothing opens.
    @Test func signingInWithAnAdminTokenIsOffByDefault() async throws {
        #expect(ConsoleSettings().adminTokenSignIn == false)
        try await RunningServer.withRealm(.router, configure: { $0.console.adminTokenSignIn = false }) { server, _ in
            let browser = ConsoleBrowser(server: server)
            try await browser.get("/sign-in")
            let page = await browser.page
            #expect(page.contains(#"id="operator-sign-in""#) && !page.contains(#"id="token""#))
            let refused = try await browser.post("/sign-in", ["token": server.adminToken, "csrf": try #require(await browser.cookies["bi_console_sign_in"])])
            #expect(refused.status == 403)
            #expect(await browser.page.contains("Signing in with an admin token is turned off on this server"))
            #expect(await browser.cookies["bi_console"] == nil)
            #expect(try await browser.get("/tenants").status == 303)
        }
    }

    /// Support's console: the role in the header, identities to help with, no applications or
    /// keys shown, and their pages refused as the API refuses them.
    @Test func supportSeesWhatItMayDo() async throws {
        try await RunningServer.withRealm(.router) { server, realm in
            let support = try await server.admin.created(
                "/v1/admin/tokens", ["label": "helpdesk", "role": "support", "tenant_id": realm.tenantID])
            let browser = ConsoleBrowser(server: server)
            try await browser.signIn(try #require(support["token"] as? String))
            #expect(try await browser.get("/").status == 200)
            #expect(await browser.page.contains(#"helpdesk <span class="role">support</span>"#))
            let realmPage = "/tenants/\(realm.tenantID)/realms/\(realm.realmID)"
            #expect(try await browser.get(realmPage).status == 200)
            let page = await browser.page
            #expect(page.contains("identities-link") && !page.contains("applications-heading") && !page.contains("rotate-keys")
                && !page.contains("realm-settings"))
            #expect(try await browser.get("\(realmPage)/identities/\(realm.identityID)").status == 200)
            #expect(try await browser.get("\(realmPage)/applications/new").status == 403)
            #expect(try await browser.get("\(realmPage)/signing-keys/rotate").status == 403)
            #expect(try await Self.newestDetail("admin.refused", on: server)?["reason"] == "role")
        }
    }

    @Test(arguments: ServerMode.allCases)
    func aTenantScopedTokenFindsNoOtherTenant(mode: ServerMode) async throws {
        try await RunningServer.withRealm(mode) { server, realm in
            let other = try await server.admin.created("/v1/admin/tenants", ["display_name": "Other"])
            let scoped = try await server.admin.created("/v1/admin/tokens", ["label": "acme-ops", "tenant_id": realm.tenantID])
            let browser = ConsoleBrowser(server: server)
            try await browser.signIn(try #require(scoped["token"] as? String))

            #expect(try await browser.get("/tenants/\(realm.tenantID)").status == 200)
            let foreign = try await browser.get("/tenants/\(try #require(other["id"] as? String))")
            #expect(foreign.status == 404)
            #expect(await browser.page.contains("no such tenant"))
            #expect(try await Self.newestDetail("admin.refused", on: server)?["reason"] == "other_tenant")

            try await browser.get("/tenants")
            #expect(await browser.page.contains("Other") == false)
            #expect(await browser.page.contains("Create a tenant") == false)
            #expect(try await browser.get("/admin-tokens").status == 403)
            #expect(try await Self.newestDetail("admin.refused", on: server)?["reason"] == "server_wide")
        }
    }

    /// Signing in with a token that has expired or been revoked is refused as the API refuses
    /// it, audited with the token's id, and opens nothing.
    @Test(arguments: ServerMode.allCases)
    func anExpiredOrRevokedTokenCannotSignIn(mode: ServerMode) async throws {
        let clock = TestClock()
        try await RunningServer.withRealm(mode, configure: { $0.now = clock.now }) { server, _ in
            let expiring = try await server.admin.created("/v1/admin/tokens", ["label": "temp", "expires_in": 600])
            let revoked = try await server.admin.created("/v1/admin/tokens", ["label": "gone"])
            _ = try await server.admin.send("POST", "/v1/admin/tokens/\(try #require(revoked["id"] as? String))/revoke")
            clock.advance(by: 601)
            for (token, reason, words) in [(expiring, "expired_token", "the admin token has expired"),
                                           (revoked, "revoked_token", "the admin token has been revoked")] {
                let browser = ConsoleBrowser(server: server)
                let reply = try await browser.signIn(try #require(token["token"] as? String))
                #expect(reply.status == 400)
                #expect(await browser.shows(words))
                #expect(await browser.cookies["bi_console"] == nil)
                let detail = try await Self.newestDetail("admin.refused", on: server)
                #expect(detail?["reason"] == reason && detail?["admin_token_id"] == token["id"] as? String)
            }
        }
    }

    /// The sign-in form's own CSRF value must come back in its cookie: a form without the
    /// cookie, or with another one, is refused and opens nothing.
    @Test(arguments: ServerMode.allCases)
    func theSignInFormNeedsItsOwnCookie(mode: ServerMode) async throws {
        try await RunningServer.withRealm(mode) { server, _ in
            for tamper in [{ (b: ConsoleBrowser) in await b.forget("bi_console_sign_in") }, { await $0.plant("bi_console_sign_in", "forged") }] {
                let browser = ConsoleBrowser(server: server)
                try await browser.get("/sign-in")
                await tamper(browser)
                let reply = try await browser.post("/sign-in", ["token": server.adminToken])
                #expect(reply.status == 403)
                #expect(await browser.shows("The sign-in form had expired"))
                #expect(await browser.cookies["bi_console"] == nil)
                #expect(await browser.cookies["bi_console_sign_in"] != nil, "a fresh form value to try again with")
            }
        }
    }

    @Test(arguments: ServerMode.allCases)
    func revokingOrExpiringTheAdminTokenEndsItsSessionsAtOnce(mode: ServerMode) async throws {
        let clock = TestClock()
        try await RunningServer.withRealm(mode, configure: { $0.now = clock.now }) { server, _ in
            let revoked = try await server.admin.created("/v1/admin/tokens", ["label": "ops"])
            let expiring = try await server.admin.created("/v1/admin/tokens", ["label": "temp", "expires_in": 600])
            let (first, second) = (ConsoleBrowser(server: server), ConsoleBrowser(server: server))
            try await first.signIn(try #require(revoked["token"] as? String))
            try await second.signIn(try #require(expiring["token"] as? String))
            #expect(try await first.get("").status == 200)

            let revocation = try await server.admin.send("POST", "/v1/admin/tokens/\(try #require(revoked["id"] as? String))/revoke")
            #expect(revocation.status == 200)
            let ended = try await first.get("/tenants")
            #expect(ended.status == 303 && ended.location == "/console/sign-in?ended=token_ended&next=%2Ftenants")
            #expect(await first.cookies["bi_console"] == nil, "the cookie is cleared")

            clock.advance(by: 601)
            #expect(try await second.get("").location == "/console/sign-in?ended=token_ended")
            try await second.get("/sign-in?ended=token_ended")
            #expect(await second.page.contains("has been revoked or has expired"))
        }
    }

    @Test(arguments: ServerMode.allCases)
    func sessionsEndWhenIdleAndAtTheirAbsoluteLifetime(mode: ServerMode) async throws {
        let clock = TestClock()
        try await RunningServer.withRealm(mode, configure: {
            $0.now = clock.now
            $0.console.idleTimeout = 1000
            $0.console.sessionLifetime = 3600
        }) { server, _ in
            let idle = ConsoleBrowser(server: server)
            try await idle.signIn(server.adminToken)
            // The clock runs with real time too: margins of 100 s, which a loaded machine's requests never take.
            clock.advance(by: 900)
            #expect(try await idle.get("").status == 200, "short of the idle timeout")
            clock.advance(by: 1001)
            #expect(try await idle.get("").location == "/console/sign-in?ended=idle")

            let busy = ConsoleBrowser(server: server)
            try await busy.signIn(server.adminToken)
            for _ in 0..<3 {
                clock.advance(by: 900)
                #expect(try await busy.get("").status == 200, "each request restarts the idle timeout")
            }
            clock.advance(by: 901)
            #expect(try await busy.get("").location == "/console/sign-in?ended=expired", "3601 s after sign-in")
        }
    }

    @Test(arguments: ServerMode.allCases)
    func signingOutEndsTheSessionForItsCookieToo(mode: ServerMode) async throws {
        try await RunningServer.withRealm(mode) { server, _ in
            let browser = ConsoleBrowser(server: server)
            try await browser.signIn(server.adminToken)
            let secret = try #require(await browser.cookies["bi_console"])
            try await browser.get("")
            let oldToken = try #require(await browser.csrfToken)
            let out = try await browser.post("/sign-out")
            #expect(out.status == 303 && out.location == "/console/sign-in?ended=signed_out")
            #expect(await browser.cookies["bi_console"] == nil)

            await browser.plant("bi_console", secret)
            #expect(try await browser.get("").location == "/console/sign-in", "a copy of the old cookie opens nothing")
            #expect(try await Self.newestEvent("console.signed_out", on: server) != nil)

            // Nor does a form posted with it and its old CSRF token; nor a made-up cookie.
            let before = try await Self.tenantNames(server)
            let posted = try await browser.post("/tenants", ["display_name": "After sign-out"], csrf: oldToken)
            #expect(posted.status == 303 && posted.location == "/console/sign-in")
            #expect(try await Self.tenantNames(server) == before)
            await browser.plant("bi_console", "made-up")
            let madeUp = try await browser.get("")
            #expect(madeUp.location == "/console/sign-in")
            #expect(madeUp.header("Set-Cookie")?.contains("bi_console=;") == true, "the unknown cookie is cleared")
        }
    }

    @Test(arguments: ServerMode.allCases)
    func everyConsoleResponseCarriesTheStrictHeaders(mode: ServerMode) async throws {
        try await RunningServer.withRealm(mode) { server, _ in
            let browser = ConsoleBrowser(server: server)
            var replies = [try await browser.get("/sign-in"), try await browser.post("/sign-in", ["token": "wrong"])]
            try await browser.signIn(server.adminToken)
            replies.append(try await browser.get(""))
            replies.append(try await browser.get("/tenants/nope"))
            replies.append(try await browser.post("/tenants", csrf: ""))
            for reply in replies {
                let policy = reply.header("Content-Security-Policy") ?? ""
                #expect(policy.contains("default-src 'none'") && policy.contains("frame-ancestors 'none'") && !policy.contains("unsafe-inline"))
                #expect(reply.header("X-Content-Type-Options") == "nosniff")
                #expect(reply.header("Referrer-Policy") == "no-referrer")
                #expect(reply.header("Cache-Control") == "no-store")
                #expect(reply.header("Content-Type") == "text/html; charset=utf-8", "errors are pages too")
            }
            #expect(replies[3].status == 404 && replies[4].status == 403)
        }
    }

    /// A path spelled with empty segments (`//console/…`) is the path the router resolves, and
    /// gets the console's headers as the plain spelling does: paths are normalised before any
    /// middleware looks at them (the console's headers once matched the path as sent).
    @Test(arguments: ServerMode.allCases)
    func aConsolePathSpelledWithEmptySegmentsKeepsTheHeaders(mode: ServerMode) async throws {
        try await RunningServer.withRealm(mode) { server, _ in
            let browser = ConsoleBrowser(server: server, root: "//console")
            let replies = [try await browser.signIn(server.adminToken), try await browser.get("//admin-tokens"), try await browser.get("/")]
            #expect(replies.map(\.status) == [303, 200, 200])
            for reply in replies {
                #expect(reply.header("Content-Security-Policy")?.contains("frame-ancestors 'none'") == true)
                #expect(reply.header("Cache-Control") == "no-store" && reply.header("X-Content-Type-Options") == "nosniff")
            }
        }
    }

    /// Under `Referrer-Policy: no-referrer` a browser posts its own forms with `Origin: null`
    /// (Fetch): then `Sec-Fetch-Site` decides, and must say `same-origin`.
    @Test func aNullOriginIsDecidedBySecFetchSite() async throws {
        try await RunningServer.withRealm(.router) { server, _ in
            for (site, status) in [("same-origin", 303), ("cross-site", 403), (nil, 403)] as [(String?, Int)] {
                let browser = ConsoleBrowser(server: server, origin: "null", fetchSite: site)
                let reply = try await browser.signIn(server.adminToken)
                #expect(reply.status == status, "Sec-Fetch-Site: \(site ?? "none")")
            }
        }
    }

    /// The Origin a browser sends leaves out the default port a public URL may spell.
    @Test func aPublicURLWithItsDefaultPortAcceptsTheBrowsersOrigin() async throws {
        try await RunningServer.withRealm(.router, configure: { $0.publicBaseURL = "https://bi.test:443" }) { server, _ in
            let browser = ConsoleBrowser(server: server, origin: "https://bi.test")
            let signedIn = try await browser.signIn(server.adminToken)
            #expect(signedIn.status == 303)
        }
    }

    /// Live: a server-wide limit would let many addresses lock every operator out.
    @Test func failedSignInsFromManyAddressesLockNobodyElseOut() async throws {
        let clock = TestClock()
        try await RunningServer.withRealm(.live, configure: {
            $0.console.signInsPerAddressPerMinute = 2
            $0.trustedProxies = [IPNetwork("127.0.0.1")!]
            $0.now = clock.now
        }) { server, _ in
            clock.startAMinute()  // the counting starts now, in one minute's window
            for network in 1...30 {
                let attacker = ConsoleBrowser(server: server, forwardedFor: "198.51.100.\(network)")
                for _ in 0..<3 { try await attacker.signIn("wrong") }
                #expect(try await attacker.signIn("wrong").status == 429)
            }
            let operatorBrowser = ConsoleBrowser(server: server, forwardedFor: "203.0.113.7")
            #expect(try await operatorBrowser.signIn(server.adminToken).status == 303)
        }
    }

    @Test(arguments: ServerMode.allCases)
    func anyOtherConsoleURLIsAPageWithTheConsolesHeaders(mode: ServerMode) async throws {
        try await RunningServer.withRealm(mode) { server, _ in
            let browser = ConsoleBrowser(server: server)
            for path in ["/nope", "/sign-out", "/admin-tokens/x/y/z"] {
                let reply = try await browser.get(path)
                #expect(reply.status == 404 && reply.header("Content-Type") == "text/html; charset=utf-8", "\(path)")
                #expect(reply.header("Content-Security-Policy")?.contains("frame-ancestors 'none'") == true)
            }
        }
    }

    @Test func theConsoleCanBeTurnedOff() async throws {
        try await RunningServer.withRealm(.router, configure: { $0.console.enabled = false }) { server, _ in
            let reply = try await server.client().send("GET", "/console/sign-in")
            #expect(reply.status == 404)
        }
    }

    @Test(arguments: ServerMode.allCases)
    func namesAreShownAsTextNeverAsMarkup(mode: ServerMode) async throws {
        try await RunningServer.withRealm(mode) { server, _ in
            let browser = ConsoleBrowser(server: server)
            try await browser.signIn(server.adminToken)
            try await browser.get("/tenants")
            let payload = #"<script>alert("x")</script><img src=x onerror=alert(1)>"#
            let created = try await browser.post("/tenants", ["display_name": payload])
            #expect(created.status == 303)
            try await browser.get(try #require(created.location).replacingOccurrences(of: "/console", with: ""))
            let page = await browser.page
            #expect(page.contains("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;"))
            #expect(!page.contains("<script") && !page.contains("<img"))
        }
    }
}
