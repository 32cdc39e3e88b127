import Crypto
import Foundation
import IdentityProtocol
import IdentityStorage
import IdentityServer
import Testing
import IdentityServerCore
import ServerTestSupport

/// The console's dashboard and audit pages, through the router and a live server: numbers
/// that follow real sign-ins, a tenant-scoped operator who sees only their tenant, filters that
/// narrow the audit list exactly (checked against the admin API's own list), pages that keep
/// the filters, user-controlled details escaped, and unreadable filters answered beside their
/// field.
@Suite struct ConsoleInsightsTests {
    /// A browser signed in with `token`.
    private static func signedIn(_ server: RunningServer, _ token: String) async throws -> ConsoleBrowser {
        let browser = ConsoleBrowser(server: server)
        #expect(try await browser.signIn(token).status == 303)
        return browser
    }

    /// A page the browser was shown.
    private struct Shown {
        let status: Int
        let html: String

        /// Whether the page contains `text`.
        func shows(_ text: String) -> Bool { html.contains(text) }

        /// Every first capture group of `pattern`, in order.
        func all(_ pattern: String) -> [String] {
            let regex = try! NSRegularExpression(pattern: pattern)
            return regex.matches(in: html, range: NSRange(html.startIndex..., in: html)).compactMap {
                Range($0.range(at: 1), in: html).map { String(html[$0]) }
            }
        }

        /// The number in the element with this id.
        func number(_ id: String) -> Int? {
            all(#"id="\#(id)">(\d+)<"#).first.flatMap { Int($0) }
        }

        /// The ids of the events an audit page lists, in its order.
        var listed: [String] { all(#"<tr id="event-([^"]+)">"#) }
    }

    /// `GET` of a console path, as shown.
    private static func open(_ browser: ConsoleBrowser, _ path: String) async throws -> Shown {
        let reply = try await browser.get(path)
        return Shown(status: reply.status, html: await browser.page)
    }

    /// Every event the admin API lists (with the bootstrap token), newest first.
    private static func events(_ server: RunningServer) async throws -> [Event] {
        try await server.admin.allItems(AdminAPI.auditEvents).map(Event.init).reversed()
    }

    /// An audit event as the admin API lists it.
    private struct Event {
        let id: String
        let type: String
        let tenantID: String?
        let subjectID: String?
        let detail: [String: String]

        init(_ json: [String: Any]) {
            id = json["id"] as? String ?? ""
            type = json["type"] as? String ?? ""
            tenantID = json["tenant_id"] as? String
            subjectID = json["subject_id"] as? String
            detail = (json["detail"] as? String).flatMap {
                try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: String]
            } ?? [:]
        }
    }

    /// One successful sign-in and one refused (a signature by another key) in the test realm.
    private static func signInOnceAndFailOnce(_ server: RunningServer, _ realm: TestRealm, _ device: TestDevice) async throws {
        let party = TestRelyingParty(application: realm.confidential, server: server)
        _ = try await party.signIn(with: device)
        let refused = try await device.authenticate(
            invokeURL: try #require(try await party.authorize().location), server: server, signer: P256.Signing.PrivateKey())
        #expect(refused.error == "invalid_signature")
    }

    // MARK: Dashboard

    @Test(arguments: ServerMode.allCases)
    func theDashboardCountsRealSignInsAndRefusals(mode: ServerMode) async throws {
        try await RunningServer.withEnrolledDevice(mode) { server, realm, device in
            let browser = try await Self.signedIn(server, server.adminToken)
            var page = try await Self.open(browser, "")
            #expect(page.status == 200)
            for id in ["day-succeeded", "day-refused", "week-succeeded", "week-refused"] {
                #expect(page.number(id) == 0, "\(id)")
            }
            #expect(page.shows("No sign-in was refused in the last 7 days."))
            #expect(page.number("active-identities") == 1 && page.number("active-credentials") == 1 && page.number("active-passkeys") == 0)
            #expect(page.number("realm-\(realm.realmID)-identities") == 1 && page.number("realm-\(realm.realmID)-credentials") == 1)
            #expect(page.shows(#"<a href="/console/tenants/\#(realm.tenantID)/realms/\#(realm.realmID)">Customers</a>"#))
            #expect(page.shows(#"<desc id="day-chart-desc">None in this period.</desc>"#))

            try await Self.signInOnceAndFailOnce(server, realm, device)
            page = try await Self.open(browser, "")
            for id in ["day-succeeded", "day-refused", "week-succeeded", "week-refused"] {
                #expect(page.number(id) == 1, "\(id)")
            }
            #expect(page.number("refusals-invalid_signature-day") == 1 && page.number("refusals-invalid_signature-week") == 1)
            // Each chart: an accessible SVG whose tallest bars (one sign-in each way) fill the
            // plot, and the same numbers in a table.
            for chart in ["day-chart", "week-chart"] {
                #expect(page.shows(#"id="\#(chart)" viewBox="#) && page.shows(#"aria-labelledby="\#(chart)-title \#(chart)-desc""#))
                #expect(page.shows(#"<desc id="\#(chart)-desc">1 succeeded, 1 refused in total; the highest bar stands for 1.</desc>"#))
                #expect(page.shows(#"<table class="stack" id="\#(chart)-table">"#))
            }
            let full = page.all(#"<rect class="(succeeded|refused)" x="\d+" y="8" width="8" height="120">"#)
            #expect(full.sorted() == ["refused", "refused", "succeeded", "succeeded"], "one full bar each way in each chart")
            #expect(page.all(#"<td data-label="Succeeded">(\d+)</td>"#).compactMap { Int($0) }.reduce(0, +) == 2)
            #expect(!page.shows("style="))
        }
    }

    @Test(arguments: ServerMode.allCases)
    func aTenantScopedOperatorSeesOnlyItsTenantsNumbersAndEvents(mode: ServerMode) async throws {
        try await RunningServer.withEnrolledDevice(mode) { server, realm, device in
            try await Self.signInOnceAndFailOnce(server, realm, device)
            let other = try #require(try await server.admin.created("/v1/admin/tenants", ["display_name": "Globex"])["id"] as? String)
            let staff = try #require(try await server.admin.created(
                "/v1/admin/tenants/\(other)/realms",
                ["display_name": "Staff", "registration_redirect_uri": TestRealm.registrationRedirect])["id"] as? String)
            _ = try await server.admin.created("/v1/admin/tenants/\(other)/realms/\(staff)/identities", ["username": "grace"])
            let scoped = try await server.admin.created("/v1/admin/tokens", ["label": "globex-ops", "tenant_id": other])
            let browser = try await Self.signedIn(server, try #require(scoped["token"] as? String))

            var page = try await Self.open(browser, "")
            #expect(page.number("day-succeeded") == 0 && page.number("day-refused") == 0)
            #expect(page.number("realm-\(staff)-identities") == 1 && page.number("realm-\(staff)-credentials") == 0)
            #expect(page.number("active-identities") == 1)
            #expect(!page.shows(realm.realmID) && !page.shows("Customers"))

            page = try await Self.open(browser, "/audit")
            let events = try await Self.events(server)
            let expected = events.filter { $0.tenantID == other }.map(\.id)
            #expect(!expected.isEmpty && expected.count < events.count)
            #expect(page.listed == expected)
            let foreign = try #require(events.first { $0.type == "authentication.succeeded" })
            page = try await Self.open(browser, "/audit/\(foreign.id)")
            #expect(page.status == 404 && page.shows("no such audit event"))
            #expect(try await Self.open(browser, "/audit/\(expected[0])").status == 200)

            // The operator of the first tenant sees its sign-ins and events, and not the other's.
            let acme = try await server.admin.created("/v1/admin/tokens", ["label": "acme-ops", "tenant_id": realm.tenantID])
            let acmeBrowser = try await Self.signedIn(server, try #require(acme["token"] as? String))
            page = try await Self.open(acmeBrowser, "")
            #expect(page.number("day-succeeded") == 1 && page.number("day-refused") == 1 && !page.shows(staff))
            #expect(try await Self.open(acmeBrowser, "/audit/\(foreign.id)").status == 200)
            #expect(try await Self.open(acmeBrowser, "/audit/\(expected[0])").status == 404)
        }
    }

    // MARK: Audit

    @Test(arguments: ServerMode.allCases)
    func eachAuditFilterNarrowsTheListExactly(mode: ServerMode) async throws {
        let clock = TestClock()
        try await RunningServer.withEnrolledDevice(mode, configure: { $0.now = clock.now }) { server, realm, device in
            try await Self.signInOnceAndFailOnce(server, realm, device)
            let earlier = Set(try await Self.events(server).map(\.id))
            let boundary = clock.now().addingTimeInterval(3600)
            clock.advance(by: 2 * 3600)
            let ops = try await server.admin.created("/v1/admin/tokens", ["label": "ops"])
            let opsID = try #require(ops["id"] as? String)
            let opsAdmin = server.client(bearer: try #require(ops["token"] as? String))
            _ = try await opsAdmin.created("\(realm.realmPath)/identities", ["username": "bob"])
            #expect(try await opsAdmin.send("PATCH", realm.identityPath, json: ["display_name": "Ada L."]).status == 200)
            let browser = try await Self.signedIn(server, server.adminToken)
            let all = try await Self.events(server)

            // As a datetime-local input sends it: UTC to the minute (2026-11-25T15:06).
            let time = String(boundary.formatted(.iso8601).prefix(16))
            let cases: [(String, (Event) -> Bool)] = [
                ("type=authentication.succeeded", { $0.type == "authentication.succeeded" }),
                ("type=authentication.", { $0.type.hasPrefix("authentication.") }),
                ("type=admin.", { $0.type.hasPrefix("admin.") }),
                ("subject=\(realm.identityID)", { $0.subjectID == realm.identityID || $0.detail["identity_id"] == realm.identityID }),
                ("subject=ada", { $0.subjectID == realm.identityID || $0.detail["identity_id"] == realm.identityID }),
                ("actor=\(opsID)", { $0.detail["admin_token_id"] == opsID }),
                ("from=\(time)", { !earlier.contains($0.id) }),
                ("until=\(time)", { earlier.contains($0.id) }),
                ("type=admin.&actor=\(opsID)&from=\(time)", { $0.type.hasPrefix("admin.") && $0.detail["admin_token_id"] == opsID }),
            ]
            let unfiltered = try await Self.open(browser, "/audit?page_size=1000")
            #expect(unfiltered.status == 200 && unfiltered.listed == all.map(\.id), "unfiltered: every event, newest first")
            for (query, matches) in cases {
                let page = try await Self.open(browser, "/audit?page_size=1000&" + query)
                let expected = all.filter(matches).map(\.id)
                #expect(page.status == 200, "\(query)")
                #expect(!expected.isEmpty && expected.count < all.count, "\(query) narrows to something")
                #expect(page.listed == expected, "\(query)")
            }
            let none = try await Self.open(browser, "/audit?type=no.such.type")
            #expect(none.listed.isEmpty && none.shows("No events match these filters."))
            // An identity subject is named by its username beside its id; the filter shows open when filtering.
            let aboutAda = try await Self.open(browser, "/audit?subject=\(realm.identityID)")
            #expect(aboutAda.shows(#"<strong class="subject-name">ada</strong><br><a href="/console/audit?subject=\#(realm.identityID)""#))
            #expect(aboutAda.shows(#"<details class="panel" id="filter-panel" open>"#))
            #expect(!aboutAda.shows(#"id="subject-identity""#), "an id is not looked up as a username")
            // A username is read as the identity it names, said above the list.
            let byName = try await Self.open(browser, "/audit?subject=ada")
            #expect(byName.shows(#"<p id="subject-identity">Events about <a href="/console/tenants/\#(realm.tenantID)/realms/\#(realm.realmID)/identities/\#(realm.identityID)"><strong>ada</strong></a> of Customers"#))
            // The type filter lists every known type by family, the chosen one selected.
            let typed = try await Self.open(browser, "/audit?type=credential.revoked")
            for type in AuditEventCatalogue.types { #expect(typed.shows(#"<option value="\#(type)""#), "\(type)") }
            #expect(typed.shows(#"<option value="credential.revoked" selected>credential.revoked</option>"#))
            #expect(typed.shows(#"<option value="admin.">All admin.* events</option>"#))
            #expect(all.allSatisfy { AuditEventCatalogue.types.contains($0.type) }, "\(Set(all.map(\.type)).subtracting(AuditEventCatalogue.types))")
        }
    }

    @Test(arguments: ServerMode.allCases)
    func aUsernameOfSeveralRealmsIsChosenFrom(mode: ServerMode) async throws {
        try await RunningServer.withRealm(mode) { server, realm in
            let other = try await server.admin.created("/v1/admin/tenants/\(realm.tenantID)/realms", [
                "display_name": "Staff <b>", "registration_redirect_uri": TestRealm.registrationRedirect])
            let otherID = try #require(other["id"] as? String)
            let twin = try await server.admin.created("/v1/admin/tenants/\(realm.tenantID)/realms/\(otherID)/identities", ["username": "ada"])
            let twinID = try #require(twin["id"] as? String)
            let browser = try await Self.signedIn(server, server.adminToken)

            let page = try await Self.open(browser, "/audit?subject=ada&type=admin.")
            #expect(page.status == 200 && page.listed.isEmpty)
            #expect(page.shows("“ada” is the username of identities in several realms: choose one"))
            #expect(page.shows(#"<a href="/console/audit?type=admin.&amp;subject=\#(realm.identityID)">Events of ada in Customers</a>"#))
            #expect(page.shows(#"<a href="/console/audit?type=admin.&amp;subject=\#(twinID)">Events of ada in Staff &lt;b&gt;</a>"#))
            let chosen = try await Self.open(browser, "/audit?type=admin.&subject=\(twinID)")
            #expect(chosen.listed.count == 1 && !chosen.shows("subject-choices"))
            // A value that is neither an identity's id nor a username filters as an id: nothing.
            let unknown = try await Self.open(browser, "/audit?subject=nobody")
            #expect(unknown.status == 200 && unknown.listed.isEmpty && unknown.shows("No events match these filters."))
        }
    }

    @Test(arguments: ServerMode.allCases)
    func theNextPageKeepsTheFilters(mode: ServerMode) async throws {
        try await RunningServer.withRealm(mode) { server, realm in
            for name in ["bob", "carol", "dave"] { _ = try await server.admin.created("\(realm.realmPath)/identities", ["username": name]) }
            let browser = try await Self.signedIn(server, server.adminToken)
            let expected = try await Self.events(server).filter { $0.type.hasPrefix("admin.") }.map(\.id)
            #expect(expected.count > 4)

            var (path, seen, pages): (String?, [String], Int) = ("/audit?type=admin.&page_size=2", [], 0)
            while let next = path {
                let page = try await Self.open(browser, next)
                #expect(page.status == 200)
                #expect(page.listed.count == min(2, expected.count - seen.count))
                seen += page.listed
                pages += 1
                #expect(page.shows(#"<option value="admin." selected>"#), "the form shows the filter on page \(pages)")
                #expect(pages == 1 || page.shows(#"href="/console/audit?type=admin.&amp;page_size=2" id="newest-page""#))
                path = page.all(#"href="/console(/audit\?[^"]*)" id="next-page""#).first?.replacingOccurrences(of: "&amp;", with: "&")
                if let path { #expect(path.hasPrefix("/audit?type=admin.&page_size=2&cursor=")) }
            }
            #expect(seen == expected)
            #expect(pages == (expected.count + 1) / 2)
        }
    }

    @Test(arguments: ServerMode.allCases)
    func anEventsDetailShowsEveryFieldWithUserControlledTextEscaped(mode: ServerMode) async throws {
        try await RunningServer.withRealm(mode) { server, realm in
            let payload = #"<script>alert("x")</script>"#
            let token = try await server.admin.created("/v1/admin/tokens", ["label": payload])
            let tokenID = try #require(token["id"] as? String)
            let planter = server.client(bearer: try #require(token["token"] as? String))
            _ = try await planter.created("\(realm.realmPath)/identities", ["username": "eve"])
            let event = try #require(try await Self.events(server).first {
                $0.type == "admin.identity.created" && $0.detail["admin_token"] == payload
            })
            let subject = try #require(event.subjectID)

            let browser = try await Self.signedIn(server, server.adminToken)
            let escaped = "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;"
            let (tenantHref, realmHref) = ("/console/tenants/\(realm.tenantID)", "/console/tenants/\(realm.tenantID)/realms/\(realm.realmID)")
            var page = try await Self.open(browser, "/audit?type=admin.identity.created")
            #expect(page.shows(#"<a href="/console/audit?actor=\#(tokenID)" title="Events by this admin token">\#(escaped)</a>"#))
            #expect(page.shows(#"<td data-label="Tenant / realm">Acme / <a href="\#(realmHref)" title="Realm \#(realm.realmID)">Customers</a></td>"#))
            #expect(!page.shows("<script"))

            page = try await Self.open(browser, "/audit/\(event.id)")
            #expect(page.status == 200 && !page.shows("<script"))
            #expect(page.shows(#"<dd id="event-id">\#(event.id)</dd>"#) && page.shows(#"<dd id="event-type">admin.identity.created</dd>"#))
            #expect(page.shows(#"<dd id="event-tenant"><a href="\#(tenantHref)">Acme</a> <span class="hint">\#(realm.tenantID)</span></dd>"#))
            #expect(page.shows(#"<dd id="event-realm"><a href="\#(realmHref)">Customers</a> <span class="hint">\#(realm.realmID)</span></dd>"#))
            #expect(page.shows(#"<dd id="event-subject">\#(subject) (<a href="/console/audit?subject=\#(subject)">"#))
            #expect(page.shows(#"<td data-label="Value" id="detail-admin_token">\#(escaped)</td>"#))
            for (key, value) in event.detail where key != "admin_token" {
                #expect(page.shows(#"id="detail-\#(key)">\#(value)</td>"#), "\(key)")
            }
            #expect(page.shows(#"&quot;admin_token&quot; : &quot;&lt;script&gt;alert(\&quot;x\&quot;)&lt;/script&gt;&quot;"#), "JSON, escaped")
            #expect(page.shows(#"<a href="/console/audit?actor=\#(tokenID)" id="actor-events">"#))
            #expect(page.shows(#"<a href="/console/audit">Audit events</a>"#), "breadcrumbs back to the list")

            page = try await Self.open(browser, "/audit/no-such-event")
            #expect(page.status == 404 && page.shows("no such audit event"))
        }
    }

    @Test(arguments: ServerMode.allCases)
    func detailsOfAnyShapeAreShownAsEscapedRows(mode: ServerMode) async throws {
        try await RunningServer.withRealm(mode) { server, realm in
            let store = server.instance.store
            let agent = #"Mozilla/5.0 "><img src=x onerror=alert(1)>"#
            try await store.appendAuditEvent(AuditEventRecord(
                id: "evt-shaped", occurredAt: Date(), type: "authentication.refused", tenantID: realm.tenantID, realmID: realm.realmID,
                subjectID: nil, detailJSON: String(decoding: try JSONSerialization.data(
                    withJSONObject: ["user_agent": agent, "attempts": 3, "hops": ["a", "<b>"]] as [String: Any]), as: UTF8.self)))
            try await store.appendAuditEvent(AuditEventRecord(
                id: "evt-text", occurredAt: Date(), type: "legacy", tenantID: nil, realmID: nil, subjectID: nil,
                detailJSON: "not json <i>"))
            let browser = try await Self.signedIn(server, server.adminToken)

            var page = try await Self.open(browser, "/audit/evt-shaped")
            #expect(page.status == 200 && !page.shows("<img") && !page.shows("<b>"))
            #expect(page.shows(#"id="detail-user_agent">Mozilla/5.0 &quot;&gt;&lt;img src=x onerror=alert(1)&gt;</td>"#))
            #expect(page.shows(#"id="detail-attempts">3</td>"#))
            #expect(page.shows("id=\"detail-hops\"><pre>[\n  &quot;a&quot;,\n  &quot;&lt;b&gt;&quot;\n]</pre></td>"))
            #expect(page.shows(#"<dd id="event-subject">—</dd>"#) && !page.shows(#"id="actor-events""#))

            page = try await Self.open(browser, "/audit/evt-text")
            #expect(page.status == 200 && page.shows("No details.") && page.shows(#"<pre id="event-json">not json &lt;i&gt;</pre>"#))
            #expect(page.shows(#"<dd id="event-tenant">—</dd>"#) && page.shows(#"<dd id="event-realm">—</dd>"#))
        }
    }

    @Test(arguments: ServerMode.allCases)
    func anUnreadableFilterIsShownBesideItsFieldWithWhatWasTyped(mode: ServerMode) async throws {
        try await RunningServer.withRealm(mode) { server, _ in
            let browser = try await Self.signedIn(server, server.adminToken)
            var page = try await Self.open(browser, "/audit?type=admin.&from=yesterday&until=2026-11-25")
            #expect(page.status == 400)
            #expect(page.shows(#"<span class="field-error" id="filter-from-error">&#39;from&#39; must be a date and time in UTC"#))
            // As text, so that a browser shows what a date picker would drop.
            #expect(page.shows(#"name="from" type="text" value="yesterday" aria-invalid="true" aria-describedby="filter-from-error""#))
            #expect(page.shows(#"name="until" type="datetime-local" value="2026-11-25">"#))
            #expect(page.shows(#"value="admin.""#), "the other fields as typed")
            #expect(!page.shows("filter-until-error"))
            #expect(!page.shows(#"id="audit-events""#), "no list for a filter that cannot be read")
            #expect(page.shows("Signed in as bootstrap"), "a page in the console's frame, not an error page")

            page = try await Self.open(browser, "/audit?from=2026-11-25T10:00&until=2026-11-25T09:00")
            #expect(page.status == 400)
            #expect(page.shows(#"id="filter-until-error">&#39;until&#39; must be later than &#39;from&#39;</span>"#))
            page = try await Self.open(browser, "/audit?page_size=0")
            #expect(page.status == 400 && page.shows(#"id="filter-page-size-error""#))

            page = try await Self.open(browser, "/audit?type=admin.")
            #expect(page.status == 200 && page.shows(#"id="audit-events""#) && !page.listed.isEmpty)
            #expect(try await Self.open(browser, "").status == 200)
        }
    }
}
