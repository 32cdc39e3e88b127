import IdentityServerCore

/// The console's home page, for “is anything wrong?” at a glance: sign-ins over the last day
/// and week, refusals by reason, and each realm's active identities and credentials.
struct DashboardPage: Sendable {
    /// How often sign-ins were refused for one reason.
    struct ReasonRow: Sendable {
        /// The refusal's reason (`invalid_signature`).
        let reason: String
        /// Refusals for it in the last 24 hours.
        let day: Int
        /// Refusals for it in the last 7 days.
        let week: Int
    }

    /// One realm and how many are active in it.
    struct RealmRow: Sendable {
        let tenantName: String
        let tenantHref: String
        let name: String
        let id: String
        let href: String
        /// Its active identities.
        let identities: Int
        /// Its active credentials.
        let credentials: Int
    }

    let chrome: ConsoleChrome
    /// When the numbers were counted (`2026-11-25 13:45 UTC`).
    let asOf: String
    let daySucceeded: Int
    let dayRefused: Int
    let weekSucceeded: Int
    let weekRefused: Int
    /// Active identities in every realm listed.
    let activeIdentities: Int
    /// Active credentials in every realm listed.
    let activeCredentials: Int
    /// Sign-ins per hour over the last day, then per six hours over the last week.
    let charts: [SVGBarChart]
    /// Refusals in the last week by reason, most frequent first.
    let reasons: [ReasonRow]
    let realms: [RealmRow]
}
