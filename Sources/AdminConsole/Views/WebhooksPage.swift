import IdentityServerCore

/// A tenant's webhook endpoints.
package struct WebhooksPage: Sendable {
    /// One endpoint.
    package struct Row: Sendable {
        package let url: String
        package let description: String?
        package let href: String
        /// The event types, comma-separated.
        package let events: String
        /// `enabled`, or `disabled` with why.
        package let state: String
        package let created: String
    }

    package let chrome: ConsoleChrome
    package let tenantName: String
    package let tenantHref: String
    package let endpoints: [Row]
    package let next: String?
}
