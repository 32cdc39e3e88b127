import Foundation
package import Hummingbird
import IdentityProtocol
package import IdentityServerCore
import Administration

/// A tenant's webhook endpoints: created, changed, enabled or disabled, their secret rotated
/// (shown once), a test event sent, deleted after confirmation; and their deliveries, each
/// failure's reason, a failed one replayed.
extension ConsoleController {
    package func registerWebhooks(on tenant: RouterGroup<ServerRequestContext>) {
        tenant.get("webhooks") { request, context in try await webhooksPage(request, context, form: .blank, errors: .none) }
        tenant.post("webhooks") { request, context in
            let (admin, console) = try acting(context)
            let tenantID = try context.id("tenant")
            return try await submitting({
                try await spendForm(console)
                let created = try await service(admin).create(tenantID, try WebhookForm.input(console.form))
                return secretPage(
                    console, heading: "Webhook signing secret", label: "Secret", secret: created.secret ?? "",
                    explanation: "Receivers verify each message's webhook-signature with this secret (Standard Webhooks). It is shown this once; rotate it to get a new one.",
                    next: Self.endpointPath(tenantID, created.id))
            }, form: { errors in try await webhooksPage(request, context, form: WebhookForm(console.form), errors: errors) })
        }
        let endpoint = tenant.group("webhooks/:webhook")
        endpoint.get { request, context in try await webhookPage(request, context, form: nil, errors: .none) }
        endpoint.post { request, context in
            let (admin, console) = try acting(context)
            let (tenantID, id) = (try context.id("tenant"), try context.id("webhook"))
            return try await submitting({
                _ = try await service(admin).update(tenantID, id, try WebhookForm.input(console.form))
                return paths.redirect(ConsolePaths.noticed(Self.endpointPath(tenantID, id), .saved))
            }, form: { errors in try await webhookPage(request, context, form: WebhookForm(console.form), errors: errors) })
        }
        for (action, enabled, notice) in [("enable", true, ConsoleNotice.enabled), ("disable", false, .disabled)] {
            endpoint.post(RouterPath(stringLiteral: action)) { _, context in
                let (admin, _) = try acting(context)
                let (tenantID, id) = (try context.id("tenant"), try context.id("webhook"))
                _ = try await service(admin).update(tenantID, id, WebhookEndpointInput(enabled: enabled))
                return paths.redirect(ConsolePaths.noticed(Self.endpointPath(tenantID, id), notice))
            }
        }
        endpoint.post("rotate-secret") { request, context in
            let (admin, console) = try acting(context)
            let (tenantID, id) = (try context.id("tenant"), try context.id("webhook"))
            return try await submitting({
                try await spendForm(console)
                let overlap = try console.field("overlap_seconds").flatMap { Int($0) }
                let rotated = try await service(admin).rotateSecret(tenantID, id, WebhookSecretRotationInput(overlapSeconds: overlap))
                let until = rotated.previousSecretExpiresAt.map { "The previous secret signs too until \(ConsoleFormat.date($0)). " } ?? "The previous secret has stopped signing. "
                return secretPage(
                    console, heading: "New webhook signing secret", label: "Secret", secret: rotated.secret ?? "",
                    explanation: until + "This secret is shown this once.", next: Self.endpointPath(tenantID, id))
            }, form: { errors in try await webhookPage(request, context, form: nil, errors: errors) })
        }
        endpoint.post("test") { _, context in
            let (admin, _) = try acting(context)
            let (tenantID, id) = (try context.id("tenant"), try context.id("webhook"))
            _ = try await service(admin).sendTest(tenantID, id)
            return paths.redirect(ConsolePaths.noticed(Self.endpointPath(tenantID, id), .testQueued))
        }
        endpoint.post("deliveries/:delivery/replay") { _, context in
            let (admin, _) = try acting(context)
            let (tenantID, id) = (try context.id("tenant"), try context.id("webhook"))
            _ = try await service(admin).replay(tenantID, id, try context.id("delivery"))
            return paths.redirect(ConsolePaths.noticed(Self.endpointPath(tenantID, id), .replayed))
        }
        endpoint.get("delete") { _, context in
            let (admin, console) = try acting(context)
            let (tenantID, id) = (try context.id("tenant"), try context.id("webhook"))
            let current = try await service(admin).endpoint(tenantID, id)
            let path = Self.endpointPath(tenantID, id)
            return confirmation(
                console, "Delete the webhook endpoint \(current.url)?",
                "No event is sent to it any more, and its delivery log is deleted with it. This cannot be undone.",
                action: path + "/delete", button: "Delete endpoint", cancel: path)
        }
        endpoint.post("delete") { _, context in
            let (admin, _) = try acting(context)
            let tenantID = try context.id("tenant")
            try await service(admin).delete(tenantID, try context.id("webhook"))
            return paths.redirect(ConsolePaths.noticed(ConsolePaths.tenant(tenantID) + "/webhooks", .deleted))
        }
    }

    private func service(_ admin: AdminService) -> WebhookAdminService { WebhookAdminService(admin: admin, webhooks: webhooks) }

    private static func endpointPath(_ tenantID: String, _ id: String) -> String {
        ConsolePaths.tenant(tenantID) + "/webhooks/" + ConsolePaths.segment(id)
    }

    private func webhooksPage(_ request: Request, _ context: ServerRequestContext, form: WebhookForm, errors: FormErrors) async throws -> Response {
        let (admin, console) = try acting(context)
        let tenant = try await admin.tenant(try context.id("tenant"))
        let page = try await service(admin).endpoints(tenant.id, try request.page(size: 50))
        return renderer.page(.webhooks, WebhooksPage(
            chrome: chrome(console), notice: ConsoleNotice.of(request), tenantName: tenant.displayName,
            tenantHref: paths.href(ConsolePaths.tenant(tenant.id)), href: paths.href(ConsolePaths.tenant(tenant.id) + "/webhooks"),
            endpoints: page.items.map { endpoint in
                WebhooksPage.Row(
                    url: endpoint.url, description: endpoint.description, href: paths.href(Self.endpointPath(tenant.id, endpoint.id)),
                    events: endpoint.events.joined(separator: ", "), state: Self.state(endpoint),
                    created: ConsoleFormat.date(endpoint.createdAt))
            },
            next: nextPage(ConsolePaths.tenant(tenant.id) + "/webhooks", page.nextCursor),
            form: form, creating: !errors.messages.isEmpty, errors: errors.messages, formID: Secrets.token()))
    }

    private func webhookPage(_ request: Request, _ context: ServerRequestContext, form: WebhookForm?, errors: FormErrors) async throws -> Response {
        let (admin, console) = try acting(context)
        let tenant = try await admin.tenant(try context.id("tenant"))
        let service = service(admin)
        let endpoint = try await service.endpoint(tenant.id, try context.id("webhook"))
        let deliveries = try await service.deliveries(tenant.id, endpoint.id, try request.page(size: 50))
        let tenantPath = ConsolePaths.tenant(tenant.id)
        let path = Self.endpointPath(tenant.id, endpoint.id)
        var rows: [WebhookPage.Delivery] = []
        for delivery in deliveries.items {
            // Why an attempt got no answer is in its attempts: read for those that failed that way.
            let error = delivery.lastStatusCode == nil && delivery.attemptCount > 0
                ? try await service.delivery(tenant.id, endpoint.id, delivery.id).attempts?.last?.error : nil
            rows.append(WebhookPage.Delivery(
                type: delivery.eventType, messageID: delivery.messageID, occurred: ConsoleFormat.date(delivery.occurredAt),
                status: delivery.status.rawValue, attempts: delivery.attemptCount,
                lastAnswer: delivery.lastStatusCode.map(String.init) ?? error ?? "—",
                next: delivery.nextAttemptAt.map(ConsoleFormat.date) ?? "—",
                replay: delivery.status == .failed ? paths.href(path + "/deliveries/\(ConsolePaths.segment(delivery.id))/replay") : nil))
        }
        return renderer.page(.webhook, WebhookPage(
            chrome: chrome(console), notice: ConsoleNotice.of(request), tenantName: tenant.displayName, tenantHref: paths.href(tenantPath),
            webhooksHref: paths.href(tenantPath + "/webhooks"), href: paths.href(path), id: endpoint.id, url: endpoint.url,
            description: endpoint.description, events: endpoint.events.joined(separator: ", "), state: Self.state(endpoint),
            enabled: endpoint.enabled,
            previousSecretExpires: endpoint.previousSecretExpiresAt.map(ConsoleFormat.date),
            deliveries: rows, nextPage: nextPage(path, deliveries.nextCursor),
            form: form ?? WebhookForm(endpoint), errors: errors.messages, formID: Secrets.token()))
    }

    private static func state(_ endpoint: WebhookEndpoint) -> String {
        endpoint.enabled ? "enabled" : "disabled" + (endpoint.disabledReason.map { " (\($0))" } ?? "")
    }
}
