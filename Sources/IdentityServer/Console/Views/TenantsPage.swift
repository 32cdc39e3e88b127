import IdentityServerCore

/// Every tenant the operator administers, and the form that creates one.
struct TenantsPage: Sendable {
    /// One tenant in the list.
    struct Row: Sendable {
        let name: String
        let id: String
        let href: String
        let created: String
    }

    let chrome: ConsoleChrome
    let notice: String?
    /// Whether the operator may create tenants (a token for every tenant).
    let canCreate: Bool
    let tenants: [Row]
    /// The next page's link, if any.
    let next: String?
    let errors: [String: String]
    let values: [String: String]
}
