import IdentityServerCore

/// The audit log: the filter form and, when it can be read, the events it matches, newest
/// first, a page at a time.
package struct AuditPage: Sendable {
    /// One event in the list.
    package struct Row: Sendable {
        package let id: String
        /// Its own page.
        package let href: String
        /// `2026-11-25 13:45:07 UTC`.
        package let occurred: String
        package let type: String
        /// The tenant's display name (its id once it is gone).
        package let tenant: String?
        /// The realm's display name (its id once it is gone).
        package let realm: String?
        package let realmID: String?
        /// The realm's page, when the event names a tenant and a realm.
        package let realmHref: String?
        package let subjectID: String?
        /// The subject's username, when it is an identity.
        package let subjectName: String?
        /// The events about the same subject.
        package let subjectHref: String?
        /// Who acted: an admin token's label, or the detail's `by` (`device`).
        package let actor: String?
        /// The events of the same admin token.
        package let actorHref: String?
    }

    package let chrome: ConsoleChrome
    /// The filter form's fields as typed.
    package let values: [String: String]
    /// Each field's error, by field name.
    package let errors: [String: String]
    /// Event types and families to suggest in the type field.
    package let typeSuggestions: [String]
    /// Whether the events were listed (not when the filter could not be read).
    package let listed: Bool
    /// Whether a filter applies.
    package let filtered: Bool
    package let events: [Row]
    /// The first page with the same filters, when this is a later one.
    package let newest: String?
    /// The next page with the same filters, unless this is the last.
    package let next: String?
}
