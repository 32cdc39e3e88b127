import IdentityServerCore

/// A tenant: its name, its realms, and the forms that rename it and add a realm.
package struct TenantPage: Sendable {
    /// One realm in the list.
    package struct Row: Sendable {
        package let name: String
        package let id: String
        package let href: String
        package let issuer: String
    }

    package let chrome: ConsoleChrome
    package let notice: String?
    package let name: String
    package let id: String
    /// The tenant's own link (its forms post there).
    package let href: String
    /// Whether the operator may delete it (a token for every tenant).
    package let canDelete: Bool
    package let realms: [Row]
    package let next: String?
    package let errors: [String: String]
    package let values: [String: String]
}
