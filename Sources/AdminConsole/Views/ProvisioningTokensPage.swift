import IdentityServerCore

/// A realm's provisioning tokens, and the form that creates one.
package struct ProvisioningTokensPage: Sendable {
    /// One token.
    package struct Row: Sendable {
        package let id: String
        package let label: String
        package let status: String
        package let created: String
        package let expires: String
        /// The revocation confirmation's link, for an active token.
        package let revokeHref: String?
    }

    package let chrome: ConsoleChrome
    package let notice: String?
    package let crumbs: RealmCrumbs
    package let href: String
    /// The realm's SCIM base URL, which the directory is given with a token.
    package let scimBaseURL: String
    package let tokens: [Row]
    package let next: String?
    package let errors: [String: String]
    package let values: [String: String]
    /// The single-use id of the form that creates a token (shown once).
    package let formID: String
}
