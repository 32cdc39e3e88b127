import IdentityServerCore

/// One webhook endpoint and its latest deliveries.
struct WebhookPage: Sendable {
    /// One delivery.
    struct Delivery: Sendable {
        let type: String
        /// The `webhook-id` receivers see.
        let messageID: String
        let occurred: String
        let status: String
        let attempts: Int
        /// The last HTTP status, or — when none answered.
        let lastStatus: String
        /// When it is tried again, or —.
        let next: String
    }

    let chrome: ConsoleChrome
    let tenantName: String
    let tenantHref: String
    let webhooksHref: String
    let id: String
    let url: String
    let description: String?
    let events: String
    let state: String
    let deliveries: [Delivery]
    let nextPage: String?
}
