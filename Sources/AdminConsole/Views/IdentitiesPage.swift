import IdentityServerCore

/// A realm's identities: search, list, and the form that creates one.
package struct IdentitiesPage: Sendable {
    /// One identity in the list.
    package struct Row: Sendable {
        package let username: String
        package let displayName: String
        package let email: String
        package let status: String
        package let href: String
    }

    package let chrome: ConsoleChrome
    package let notice: String?
    package let crumbs: RealmCrumbs
    /// The identities page's own link (search and create go there).
    package let href: String
    /// The search text.
    package let query: String
    package let identities: [Row]
    package let next: String?
    package let errors: [String: String]
    package let values: [String: String]
}
