import Foundation
import IdentityProtocol
import IdentityServer
import Testing
import WebhookDelivery
import ServerTestSupport

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
}
