import Foundation
import IdentityProtocol
import IdentityServer
import Testing
import WebhookDelivery
import ServerTestSupport
import TestProcessSupport

/// The console shows a tenant's webhook endpoints and their deliveries (issue 34), escaped, and
/// another tenant's to nobody scoped elsewhere.
@Suite struct ConsoleWebhookPagesTests {
    @Test func aTenantsEndpointsAndTheirDeliveriesAreShown() async throws {
        try await RunningServer.withRealm(.router, configure: { $0.webhooks.allowPrivateTargets = true }) { server, realm in
            let created = try await server.admin.created(AdminAPI.webhooks(tenant: realm.tenantID), [
                "url": "http://127.0.0.1:9/hook", "events": ["identity.created"], "description": "<b>CRM</b> sync",
            ])
            let id = try #require(created["id"] as? String)
            _ = try await server.admin.created(
                AdminAPI.identities(tenant: realm.tenantID, realm: realm.realmID), ["username": "lin"])

            let browser = ConsoleBrowser(server: server)
            try await browser.signIn(server.adminToken)
            try await browser.get("/tenants/\(realm.tenantID)")
            #expect(await browser.shows(#"id="tenant-webhooks""#))
            let list = try await browser.get("/tenants/\(realm.tenantID)/webhooks")
            #expect(list.status == 200)
            #expect(await browser.shows("http://127.0.0.1:9/hook"))
            #expect(await browser.shows("&lt;b&gt;CRM&lt;/b&gt; sync"))
            #expect(await !browser.shows("<b>CRM</b>"))
            let page = try await browser.get("/tenants/\(realm.tenantID)/webhooks/\(id)")
            #expect(page.status == 200)
            #expect(await browser.shows("identity.created"), "the delivery of the identity's creation is listed")
            #expect(try await browser.get("/tenants/\(realm.tenantID)/webhooks/made-up").status == 404)
        }
    }

    /// An endpoint is managed in pages: created (its secret shown once; the same form sent
    /// again creates nothing), a refused URL said beside its field, a test event sent, its
    /// failed attempt's reason shown and the delivery replayed, its settings changed, disabled and enabled, its secret
    /// rotated (shown once), deleted after confirmation.
    @Test func anEndpointIsManagedInPages() async throws {
        try await RunningServer.withRealm(.router, configure: {
            $0.webhooks.allowPrivateTargets = true
            ($0.webhooks.pollInterval, $0.webhooks.attemptTimeout, $0.webhooks.retryDelays) = (.milliseconds(50), .seconds(2), [0.1])
        }) { server, realm in
            let browser = ConsoleBrowser(server: server)
            try await browser.signIn(server.adminToken)
            let list = "/tenants/\(realm.tenantID)/webhooks"
            try await browser.get(list)
            let refused = try await browser.post(list, ["url": "ftp://hooks.example/in", "events": "identity.created"])
            #expect(refused.status == 400)
            #expect(await browser.shows(#"<span class="field-error" id="webhook-url-error">&#39;url&#39;: only http and https URLs"#))
            #expect(await browser.shows(#"value="ftp://hooks.example/in""#))
            #expect(await browser.shows(#"<details class="panel" id="create-panel" open>"#))

            try await browser.get(list)
            let formID = try #require(await browser.match(#"name="form_id" value="([^"]*)""#))
            let created = try await browser.post(list, [
                "url": "http://127.0.0.1:9/in", "description": "CRM", "events": "identity.created", "form_id": formID,
            ])
            #expect(created.status == 200)
            let secret = try #require(await browser.match(#"whsec_[A-Za-z0-9+/=]+"#))
            let endpointPath = try #require(await browser.match(#"href="/console(/tenants/[^"]+/webhooks/[^"]+)" id="continue""#))
            let again = try await browser.post(list, ["url": "http://127.0.0.1:9/in", "events": "identity.created", "form_id": formID])
            #expect(again.status == 409)
            let api = try await server.admin.send("GET", AdminAPI.webhooks(tenant: realm.tenantID))
            #expect((api.json["items"] as? [[String: Any]])?.count == 1, "the form sent again created nothing")

            try await browser.get(endpointPath)
            #expect(await !browser.shows(secret), "never on a page after its one showing")
            #expect(try await browser.post(endpointPath + "/test").status == 303)
            let replay = try await eventually("the test event's delivery given up") { () async throws -> String? in
                try await browser.get(endpointPath)
                return await browser.match(#"<form method="post" action="/console([^"]+/replay)""#)
            }
            let answer = try #require(await browser.match(#"<td data-label="Last answer" class="answer">([^<]+)</td>"#))
            #expect(answer != "—" && Int(answer) == nil, "why no answer came, not a status: \(answer)")
            #expect(try await browser.post(replay).status == 303)
            try await browser.get(endpointPath + "?notice=replayed")
            #expect(await browser.shows("The delivery is queued again, with the same webhook-id."))

            #expect(try await browser.post(endpointPath, [
                "url": "http://127.0.0.1:9/other", "description": "", "events": "credential.revoked",
            ]).status == 303)
            let id = try #require(endpointPath.split(separator: "/").last.map(String.init))
            let changed = try await server.admin.send("GET", AdminAPI.webhook(tenant: realm.tenantID, webhook: id))
            #expect(changed.json["url"] as? String == "http://127.0.0.1:9/other" && changed.json["events"] as? [String] == ["credential.revoked"])
            #expect(changed.json["description"] == nil)

            try await browser.get(endpointPath)
            #expect(try await browser.post(endpointPath + "/disable").status == 303)
            try await browser.get(endpointPath)
            #expect(await browser.shows(#"<dd id="webhook-state">disabled</dd>"#))
            #expect(await browser.shows(#"id="enable-webhook""#))
            #expect(try await browser.post(endpointPath + "/enable").status == 303)

            try await browser.get(endpointPath)
            let rotated = try await browser.post(endpointPath + "/rotate-secret", ["overlap_seconds": "0"])
            #expect(rotated.status == 200)
            #expect(await browser.shows("The previous secret has stopped signing."))
            let newSecret = try #require(await browser.match(#"whsec_[A-Za-z0-9+/=]+"#))
            #expect(newSecret != secret)

            try await browser.get(endpointPath + "/delete")
            #expect(await browser.shows("Delete the webhook endpoint http://127.0.0.1:9/other?"))
            #expect(try await browser.post(endpointPath + "/delete").status == 303)
            #expect(try await browser.get(endpointPath).status == 404)
        }
    }
}
