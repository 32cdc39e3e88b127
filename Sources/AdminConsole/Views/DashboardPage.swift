import IdentityServerCore

/// The console's home page, for “is anything wrong?” at a glance: sign-ins over the last day
/// and week, refusals by reason, and each realm's active identities and credentials.
package struct DashboardPage: Sendable {
    /// How often sign-ins were refused for one reason.
    package struct ReasonRow: Sendable {
        /// The refusal's reason (`invalid_signature`).
        package let reason: String
        /// Refusals for it in the last 24 hours.
        package let day: Int
        /// Refusals for it in the last 7 days.
        package let week: Int
    }

    /// One realm and how many are active in it.
    package struct RealmRow: Sendable {
        package let tenantName: String
        package let tenantHref: String
        package let name: String
        package let id: String
        package let href: String
        /// Its active identities.
        package let identities: Int
        /// Its active credentials.
        package let credentials: Int
        /// Those of them that are passkeys.
        package let passkeys: Int
    }

    package let chrome: ConsoleChrome
    /// When the numbers were counted (`2026-11-25 13:45 UTC`).
    package let asOf: String
    package let daySucceeded: Int
    package let dayRefused: Int
    package let weekSucceeded: Int
    package let weekRefused: Int
    /// Active identities in every realm listed.
    package let activeIdentities: Int
    /// Active credentials in every realm listed.
    package let activeCredentials: Int
    /// Those of them that are passkeys.
    package let activePasskeys: Int
    /// Sign-ins per hour over the last day, then per six hours over the last week.
    package let charts: [SVGBarChart]
    /// Refusals in the last week by reason, most frequent first.
    package let reasons: [ReasonRow]
    package let realms: [RealmRow]
}
