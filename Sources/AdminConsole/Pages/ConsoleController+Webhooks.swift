import Foundation
package import Hummingbird
import IdentityProtocol
package import IdentityServerCore
import Administration

/// A tenant's webhook endpoints and their deliveries, to read (changes go through the admin API
/// and `bi admin webhooks`, which show a new secret once).
extension ConsoleController {
    package func registerWebhooks(on tenant: RouterGroup<ServerRequestContext>) {
        tenant.get("webhooks") { request, context in
            let (admin, console) = try acting(context)
            let tenant = try await admin.tenant(try context.id("tenant"))
            let page = try await WebhookAdminService(admin: admin, webhooks: webhooks).endpoints(tenant.id, try request.page(size: 50))
            return renderer.page(.webhooks, WebhooksPage(
                chrome: chrome(console), tenantName: tenant.displayName, tenantHref: paths.href(ConsolePaths.tenant(tenant.id)),
                endpoints: page.items.map { endpoint in
                    WebhooksPage.Row(
                        url: endpoint.url, description: endpoint.description,
                        href: paths.href(ConsolePaths.tenant(tenant.id) + "/webhooks/" + endpoint.id),
                        events: endpoint.events.joined(separator: ", "), state: Self.state(endpoint),
                        created: ConsoleFormat.date(endpoint.createdAt))
                },
                next: nextPage(ConsolePaths.tenant(tenant.id) + "/webhooks", page.nextCursor)))
        }
        tenant.get("webhooks/:webhook") { request, context in
            let (admin, console) = try acting(context)
            let tenant = try await admin.tenant(try context.id("tenant"))
            let service = WebhookAdminService(admin: admin, webhooks: webhooks)
            let endpoint = try await service.endpoint(tenant.id, try context.id("webhook"))
            let deliveries = try await service.deliveries(tenant.id, endpoint.id, try request.page(size: 50))
            let tenantPath = ConsolePaths.tenant(tenant.id)
            return renderer.page(.webhook, WebhookPage(
                chrome: chrome(console), tenantName: tenant.displayName, tenantHref: paths.href(tenantPath),
                webhooksHref: paths.href(tenantPath + "/webhooks"), id: endpoint.id, url: endpoint.url,
                description: endpoint.description, events: endpoint.events.joined(separator: ", "), state: Self.state(endpoint),
                deliveries: deliveries.items.map { delivery in
                    WebhookPage.Delivery(
                        type: delivery.eventType, messageID: delivery.messageID, occurred: ConsoleFormat.date(delivery.occurredAt),
                        status: delivery.status.rawValue, attempts: delivery.attemptCount,
                        lastStatus: delivery.lastStatusCode.map(String.init) ?? "—",
                        next: delivery.nextAttemptAt.map(ConsoleFormat.date) ?? "—")
                },
                nextPage: nextPage(tenantPath + "/webhooks/" + endpoint.id, deliveries.nextCursor)))
        }
    }

    private static func state(_ endpoint: WebhookEndpoint) -> String {
        endpoint.enabled ? "enabled" : "disabled" + (endpoint.disabledReason.map { " (\($0))" } ?? "")
    }
}
