import IdentityServerCore

/// A tenant's webhook endpoints.
struct WebhooksPage: Sendable {
    /// One endpoint.
    struct Row: Sendable {
        let url: String
        let description: String?
        let href: String
        /// The event types, comma-separated.
        let events: String
        /// `enabled`, or `disabled` with why.
        let state: String
        let created: String
    }

    let chrome: ConsoleChrome
    let tenantName: String
    let tenantHref: String
    let endpoints: [Row]
    let next: String?
}
