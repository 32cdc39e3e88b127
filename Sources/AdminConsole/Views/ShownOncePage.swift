import IdentityServerCore

/// A secret shown once: it is in this response only, never in a URL or a later page.
package struct ShownOncePage: Sendable {
    package let chrome: ConsoleChrome
    package let heading: String
    /// What the secret is for and what to do with it.
    package let explanation: String
    /// What the secret is (“Client secret”).
    package let label: String
    package let secret: String
    /// Where Done goes.
    package let next: String
}
