package import Hummingbird
import IdentityProtocol
package import IdentityServerCore

/// The admin API's webhook routes under `/v1/admin/tenants/{tenant}/webhooks`.
package struct WebhookAdminController {
    /// The webhook service acting for an administrator.
    package let service: @Sendable (AdminPrincipal) -> WebhookAdminService

    private func acting(_ context: ServerRequestContext) throws -> WebhookAdminService {
        service(try context.requireAdmin())
    }

    /// Adds the routes to a tenant's group (`tenants/:tenant`).
    package func register(on tenant: RouterGroup<ServerRequestContext>) {
        tenant.post("webhooks") { request, context in
            try JSONResponse.make(
                try await acting(context).create(
                    try context.id("tenant"), try await request.decodeJSON(WebhookEndpointInput.self, context: context)),
                status: .created)
        }
        tenant.get("webhooks") { request, context in
            try JSONResponse.make(try await acting(context).endpoints(try context.id("tenant"), try request.page()))
        }
        let webhook = tenant.group("webhooks/:webhook")
        webhook.get { _, context in
            try JSONResponse.make(try await acting(context).endpoint(try context.id("tenant"), try context.id("webhook")))
        }
        webhook.patch { request, context in
            try JSONResponse.make(try await acting(context).update(
                try context.id("tenant"), try context.id("webhook"), try await request.decodeJSON(WebhookEndpointInput.self, context: context)))
        }
        webhook.delete { _, context in
            try await acting(context).delete(try context.id("tenant"), try context.id("webhook"))
            return Response(status: .noContent)
        }
        webhook.post("rotate-secret") { request, context in
            let input = try await request.decodeOptionalJSON(WebhookSecretRotationInput.self, context: context)
            return try JSONResponse.make(try await acting(context).rotateSecret(
                try context.id("tenant"), try context.id("webhook"), input ?? WebhookSecretRotationInput()))
        }
        webhook.post("test") { _, context in
            try JSONResponse.make(
                try await acting(context).sendTest(try context.id("tenant"), try context.id("webhook")), status: .accepted)
        }
        webhook.get("deliveries") { request, context in
            try JSONResponse.make(
                try await acting(context).deliveries(try context.id("tenant"), try context.id("webhook"), try request.page()))
        }
        webhook.get("deliveries/:delivery") { _, context in
            try JSONResponse.make(
                try await acting(context).delivery(try context.id("tenant"), try context.id("webhook"), try context.id("delivery")))
        }
        webhook.post("deliveries/:delivery/replay") { _, context in
            try JSONResponse.make(
                try await acting(context).replay(try context.id("tenant"), try context.id("webhook"), try context.id("delivery")))
        }
    }
}
