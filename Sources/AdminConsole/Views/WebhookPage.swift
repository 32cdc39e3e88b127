import IdentityServerCore

/// One webhook endpoint: its settings and actions, and its latest deliveries.
package struct WebhookPage: Sendable {
    /// One delivery.
    package struct Delivery: Sendable {
        package let type: String
        /// The `webhook-id` receivers see.
        package let messageID: String
        package let occurred: String
        package let status: String
        package let attempts: Int
        /// The last HTTP status, why no answer came (`target refused: …`), or —.
        package let lastAnswer: String
        /// When it is tried again, or —.
        package let next: String
        /// Where a failed delivery is replayed.
        package let replay: String?
    }

    package let chrome: ConsoleChrome
    package let notice: String?
    package let tenantName: String
    package let tenantHref: String
    package let webhooksHref: String
    /// The endpoint's own link (its forms post under it).
    package let href: String
    package let id: String
    package let url: String
    package let description: String?
    package let events: String
    package let state: String
    package let enabled: Bool
    /// Until when the secret a rotation replaced signs too.
    package let previousSecretExpires: String?
    package let deliveries: [Delivery]
    package let nextPage: String?
    package let form: WebhookForm
    package let errors: [String: String]
    /// The rotation form's single-use id.
    package let formID: String
}
