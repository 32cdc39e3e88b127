import IdentityServerCore

/// A tenant's webhook endpoints, and the form that creates one.
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
    package let notice: String?
    package let tenantName: String
    package let tenantHref: String
    /// The list's own link (the create form posts there).
    package let href: String
    package let endpoints: [Row]
    package let next: String?
    package let form: WebhookForm
    /// Whether the create form shows open (it was refused).
    package let creating: Bool
    package let errors: [String: String]
    /// The create form's single-use id (a reload cannot create a second endpoint).
    package let formID: String
}
