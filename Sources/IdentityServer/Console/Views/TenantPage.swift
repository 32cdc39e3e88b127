import IdentityServerCore

/// A tenant: its name, its realms, and the forms that rename it and add a realm.
struct TenantPage: Sendable {
    /// One realm in the list.
    struct Row: Sendable {
        let name: String
        let id: String
        let href: String
        let issuer: String
    }

    let chrome: ConsoleChrome
    let notice: String?
    let name: String
    let id: String
    /// The tenant's own link (its forms post there).
    let href: String
    /// Whether the operator may delete it (a token for every tenant).
    let canDelete: Bool
    let realms: [Row]
    let next: String?
    let errors: [String: String]
    let values: [String: String]
}
