import IdentityServerCore

/// A realm's provisioning tokens, and the form that creates one.
struct ProvisioningTokensPage: Sendable {
    /// One token.
    struct Row: Sendable {
        let id: String
        let label: String
        let status: String
        let created: String
        let expires: String
        /// The revocation confirmation's link, for an active token.
        let revokeHref: String?
    }

    let chrome: ConsoleChrome
    let notice: String?
    let crumbs: RealmCrumbs
    let href: String
    /// The realm's SCIM base URL, which the directory is given with a token.
    let scimBaseURL: String
    let tokens: [Row]
    let next: String?
    let errors: [String: String]
    let values: [String: String]
    /// The single-use id of the form that creates a token (shown once).
    let formID: String
}
