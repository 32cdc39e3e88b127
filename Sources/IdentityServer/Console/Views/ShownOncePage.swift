import IdentityServerCore

/// A secret shown once: it is in this response only, never in a URL or a later page.
struct ShownOncePage: Sendable {
    let chrome: ConsoleChrome
    let heading: String
    /// What the secret is for and what to do with it.
    let explanation: String
    /// What the secret is (“Client secret”).
    let label: String
    let secret: String
    /// Where Done goes.
    let next: String
}
