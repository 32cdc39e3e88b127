import IdentityServerCore

/// A realm's identities: search, list, and the form that creates one.
struct IdentitiesPage: Sendable {
    /// One identity in the list.
    struct Row: Sendable {
        let username: String
        let displayName: String
        let email: String
        let status: String
        let href: String
    }

    let chrome: ConsoleChrome
    let notice: String?
    let crumbs: RealmCrumbs
    /// The identities page's own link (search and create go there).
    let href: String
    /// The search text.
    let query: String
    let identities: [Row]
    let next: String?
    let errors: [String: String]
    let values: [String: String]
}
