import ArgumentParser
import IdentityProtocol

extension AdminCommand {
    struct Webhooks: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "A tenant's webhook endpoints: signed events (Standard Webhooks), their deliveries and attempts.",
            discussion: "Example: bi admin webhooks create --tenant T --url https://crm.example/hooks --event credential.revoked --event identity.suspended",
            subcommands: [Create.self, List.self, Get.self, Update.self, Delete.self, RotateSecret.self, Test.self, Deliveries.self,
                          Delivery.self, Replay.self])

        /// A webhook endpoint's path options.
        struct EndpointPath: ParsableArguments {
            @OptionGroup var tenant: TenantPath
            @Option(help: "The webhook endpoint's id.") var webhook: String
            var path: String { AdminAPI.webhook(tenant: tenant.tenant, webhook: webhook) }
        }

        /// A delivery's path options.
        struct DeliveryPath: ParsableArguments {
            @OptionGroup var endpoint: EndpointPath
            @Option(help: "The delivery's id.") var delivery: String
            var path: String { AdminAPI.webhookDelivery(tenant: endpoint.tenant.tenant, webhook: endpoint.webhook, delivery: delivery) }
            var replayPath: String {
                AdminAPI.replayWebhookDelivery(tenant: endpoint.tenant.tenant, webhook: endpoint.webhook, delivery: delivery)
            }
        }

        struct Create: AsyncParsableCommand {
            static let configuration = CommandConfiguration(
                abstract: "Create an endpoint; its signing secret (whsec_…) is printed once and never again.",
                discussion: "Example: bi admin webhooks create --tenant T --url https://crm.example/hooks --event credential.revoked")
            @OptionGroup var admin: AdminOptions
            @OptionGroup var tenant: TenantPath
            @Option(help: "Where events are sent (https; http too with webhooks.allow_private_targets).") var url: String
            @Option(name: .customLong("event"), help: "An event type to receive (repeat it; default: every type).") var events: [String] = []
            @Option(help: "What the endpoint is for.") var description: String?
            func run() async throws {
                try await admin.call(
                    "POST", AdminAPI.webhooks(tenant: tenant.tenant),
                    body: WebhookEndpointInput(url: url, events: events.isEmpty ? nil : events, description: description),
                    as: WebhookEndpoint.self)
            }
        }
        struct List: AsyncParsableCommand {
            static let configuration = CommandConfiguration(abstract: "List a tenant's endpoints.", discussion: "Example: bi admin webhooks list --tenant T")
            @OptionGroup var admin: AdminOptions
            @OptionGroup var tenant: TenantPath
            @OptionGroup var paging: PagingOptions
            func run() async throws {
                try await admin.call("GET", paging.page(of: AdminAPI.webhooks(tenant: tenant.tenant)), as: AdminPage<WebhookEndpoint>.self)
            }
        }
        struct Get: AsyncParsableCommand {
            static let configuration = CommandConfiguration(abstract: "Show an endpoint.", discussion: "Example: bi admin webhooks get --tenant T --webhook ID")
            @OptionGroup var admin: AdminOptions
            @OptionGroup var endpoint: EndpointPath
            func run() async throws { try await admin.call("GET", endpoint.path, as: WebhookEndpoint.self) }
        }
        struct Update: AsyncParsableCommand {
            static let configuration = CommandConfiguration(
                abstract: "Change an endpoint's URL, events or description, or turn it on or off.",
                discussion: "Example: bi admin webhooks update --tenant T --webhook ID --enabled true")
            @OptionGroup var admin: AdminOptions
            @OptionGroup var endpoint: EndpointPath
            @Option(help: "Where events are sent.") var url: String?
            @Option(name: .customLong("event"), help: "An event type to receive (repeat it; replaces the list).") var events: [String] = []
            @Option(help: "What the endpoint is for.") var description: String?
            @Option(help: "true or false: whether deliveries are attempted.") var enabled: Bool?
            func run() async throws {
                try await admin.call(
                    "PATCH", endpoint.path,
                    body: WebhookEndpointInput(url: url, events: events.isEmpty ? nil : events, description: description, enabled: enabled),
                    as: WebhookEndpoint.self)
            }
        }
        struct Delete: AsyncParsableCommand {
            static let configuration = CommandConfiguration(
                abstract: "Delete an endpoint with its deliveries.", discussion: "Example: bi admin webhooks delete --tenant T --webhook ID")
            @OptionGroup var admin: AdminOptions
            @OptionGroup var endpoint: EndpointPath
            func run() async throws { try await admin.delete(endpoint.path) }
        }
        struct RotateSecret: AsyncParsableCommand {
            static let configuration = CommandConfiguration(
                abstract: "A new signing secret (printed once); the old one signs too while the overlap lasts.",
                discussion: "Example: bi admin webhooks rotate-secret --tenant T --webhook ID --overlap-seconds 3600")
            @OptionGroup var admin: AdminOptions
            @OptionGroup var endpoint: EndpointPath
            @Option(help: "Seconds the old secret keeps signing (default a day; 0: none).") var overlapSeconds: Int?
            func run() async throws {
                try await admin.call(
                    "POST", AdminAPI.rotateWebhookSecret(tenant: endpoint.tenant.tenant, webhook: endpoint.webhook),
                    body: WebhookSecretRotationInput(overlapSeconds: overlapSeconds), as: WebhookEndpoint.self)
            }
        }
        struct Test: AsyncParsableCommand {
            static let configuration = CommandConfiguration(
                abstract: "Queue a webhook.test event for this endpoint.", discussion: "Example: bi admin webhooks test --tenant T --webhook ID")
            @OptionGroup var admin: AdminOptions
            @OptionGroup var endpoint: EndpointPath
            func run() async throws {
                try await admin.call(
                    "POST", AdminAPI.testWebhook(tenant: endpoint.tenant.tenant, webhook: endpoint.webhook), as: WebhookDelivery.self)
            }
        }
        struct Deliveries: AsyncParsableCommand {
            static let configuration = CommandConfiguration(
                abstract: "List an endpoint's deliveries, oldest first.", discussion: "Example: bi admin webhooks deliveries --tenant T --webhook ID")
            @OptionGroup var admin: AdminOptions
            @OptionGroup var endpoint: EndpointPath
            @OptionGroup var paging: PagingOptions
            func run() async throws {
                try await admin.call(
                    "GET", paging.page(of: AdminAPI.webhookDeliveries(tenant: endpoint.tenant.tenant, webhook: endpoint.webhook)),
                    as: AdminPage<WebhookDelivery>.self)
            }
        }
        struct Delivery: AsyncParsableCommand {
            static let configuration = CommandConfiguration(
                abstract: "Show a delivery with every attempt (time, status, duration, answer, next attempt).",
                discussion: "Example: bi admin webhooks delivery --tenant T --webhook ID --delivery D")
            @OptionGroup var admin: AdminOptions
            @OptionGroup var delivery: DeliveryPath
            func run() async throws { try await admin.call("GET", delivery.path, as: WebhookDelivery.self) }
        }
        struct Replay: AsyncParsableCommand {
            static let configuration = CommandConfiguration(
                abstract: "Deliver again (the same webhook-id), due at once.",
                discussion: "Example: bi admin webhooks replay --tenant T --webhook ID --delivery D")
            @OptionGroup var admin: AdminOptions
            @OptionGroup var delivery: DeliveryPath
            func run() async throws { try await admin.call("POST", delivery.replayPath, as: WebhookDelivery.self) }
        }
    }
}
