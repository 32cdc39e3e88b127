import IdentityServerCore

/// One webhook endpoint and its latest deliveries.
package struct WebhookPage: Sendable {
    /// One delivery.
    package struct Delivery: Sendable {
        package let type: String
        /// The `webhook-id` receivers see.
        package let messageID: String
        package let occurred: String
        package let status: String
        package let attempts: Int
        /// The last HTTP status, or — when none answered.
        package let lastStatus: String
        /// When it is tried again, or —.
        package let next: String
    }

    package let chrome: ConsoleChrome
    package let tenantName: String
    package let tenantHref: String
    package let webhooksHref: String
    package let id: String
    package let url: String
    package let description: String?
    package let events: String
    package let state: String
    package let deliveries: [Delivery]
    package let nextPage: String?
}
