import IdentityServerCore
package import IdentityStorage

/// A realm's identities: the create form, the filters, a page of the list and the way to the
/// pages beside it.
package struct IdentitiesPage: Sendable {
    /// One identity in the list.
    package struct Row: Sendable {
        package let username: String
        package let displayName: String
        package let email: String
        package let status: String
        package let created: String
        package let href: String
    }

    /// One choice of a select, as shown.
    package struct Choice: Sendable {
        package let value: String
        package let label: String
        package let selected: Bool
    }

    /// The page sizes offered.
    package static let pageSizes = [25, 50, 100, 200]

    package let chrome: ConsoleChrome
    package let notice: String?
    package let crumbs: RealmCrumbs
    /// The identities page's own link (the filters and the create form go there).
    package let href: String
    /// The search text.
    package let text: String
    package let statuses: [Choice]
    package let orders: [Choice]
    package let sizes: [Choice]
    /// How many identities the filters select.
    package let total: Int
    /// Whether any filter is set (the empty list then says nothing matches).
    package let filtered: Bool
    package let identities: [Row]
    /// Whether the page lists any (the table shows only then).
    package let hasIdentities: Bool
    package let previous: String?
    package let next: String?
    /// The realm's provisioning (SCIM) page, for the empty realm's next step.
    package let scimHref: String
    /// Whether the create form shows open (it was refused).
    package let creating: Bool
    package let errors: [String: String]
    package let values: [String: String]

    package init(
        chrome: ConsoleChrome, notice: String?, crumbs: RealmCrumbs, href: String, query: IdentityQuery, pageSize: Int, total: Int,
        identities: [Row], previous: String?, next: String?, scimHref: String, errors: [String: String], values: [String: String]
    ) {
        (self.chrome, self.notice, self.crumbs, self.href, self.text) = (chrome, notice, crumbs, href, query.text)
        statuses = [("", "Any status"), ("active", "Active"), ("suspended", "Suspended"), ("deleted", "Deleted")].map {
            Choice(value: $0.0, label: $0.1, selected: $0.0 == (query.status?.rawValue ?? ""))
        }
        orders = [(IdentityQuery.Order.username, "Username, A–Z"), (.usernameDescending, "Username, Z–A"),
                  (.createdDescending, "Newest first"), (.created, "Oldest first")].map {
            Choice(value: $0.0.rawValue, label: $0.1, selected: $0.0 == query.order)
        }
        sizes = Self.pageSizes.map { Choice(value: String($0), label: "\($0) a page", selected: $0 == pageSize) }
        (self.total, self.filtered, self.identities) = (total, !query.text.isEmpty || query.status != nil, identities)
        hasIdentities = !identities.isEmpty
        (self.previous, self.next, self.scimHref) = (previous, next, scimHref)
        (self.creating, self.errors, self.values) = (!errors.isEmpty, errors, values)
    }
}
