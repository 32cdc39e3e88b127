import IdentityServerCore

/// Every tenant the operator administers, and the form that creates one.
package struct TenantsPage: Sendable {
    /// One tenant in the list.
    package struct Row: Sendable {
        package let name: String
        package let id: String
        package let href: String
        package let created: String
    }

    package let chrome: ConsoleChrome
    package let notice: String?
    /// Whether the operator may create tenants (a token for every tenant).
    package let canCreate: Bool
    package let tenants: [Row]
    /// The next page's link, if any.
    package let next: String?
    package let errors: [String: String]
    package let values: [String: String]
}
