import IdentityServerCore

/// The admin tokens (server-wide operators only), and the form that creates one.
struct AdminTokensPage: Sendable {
    /// One token.
    struct Row: Sendable {
        let id: String
        let label: String
        let scope: String
        let status: String
        let created: String
        let expires: String
        /// The revocation confirmation's link, for an active token.
        let revokeHref: String?
    }

    /// A tenant a new token may be scoped to.
    struct TenantOption: Sendable {
        let id: String
        let name: String
        let selected: Bool
    }

    let chrome: ConsoleChrome
    let notice: String?
    let tokens: [Row]
    let tenants: [TenantOption]
    let next: String?
    let errors: [String: String]
    let values: [String: String]
    /// The single-use id of the form that creates a token (shown once).
    let formID: String
}
