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

    package let chrome: ConsoleChrome
    package let notice: String?
    package let tokens: [Row]
    /// The new token's role and scope.
    package let reach: RoleAndScopeFields
    package let next: String?
    package let errors: [String: String]
    package let values: [String: String]
    /// The single-use id of the form that creates a token (shown once).
    package let formID: String
}
