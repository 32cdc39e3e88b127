import IdentityServerCore

/// The admin tokens (server-wide operators only), and the form that creates one.
package struct AdminTokensPage: Sendable {
    /// One token.
    package struct Row: Sendable {
        package let id: String
        package let label: String
        package let scope: String
        package let role: String
        package let status: String
        package let created: String
        package let expires: String
        package let lastUsed: String
        /// The revocation confirmation's link, for an active token.
        package let revokeHref: String?
    }

    /// A tenant a new token may be scoped to.
    package struct TenantOption: Sendable {
        package let id: String
        package let name: String
        package let selected: Bool
    }

    /// A role a new token may have.
    package struct RoleOption: Sendable {
        package let value: String
        package let title: String
        package let selected: Bool
    }

    package let chrome: ConsoleChrome
    package let notice: String?
    package let tokens: [Row]
    package let tenants: [TenantOption]
    package let roles: [RoleOption]
    package let next: String?
    package let errors: [String: String]
    package let values: [String: String]
    /// The single-use id of the form that creates a token (shown once).
    package let formID: String
}
