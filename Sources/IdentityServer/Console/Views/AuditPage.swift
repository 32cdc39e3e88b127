import IdentityServerCore

/// The audit log: the filter form and, when it can be read, the events it matches, newest
/// first, a page at a time.
struct AuditPage: Sendable {
    /// One event in the list.
    struct Row: Sendable {
        let id: String
        /// Its own page.
        let href: String
        /// `2026-11-25 13:45:07 UTC`.
        let occurred: String
        let type: String
        /// The tenant's display name (its id once it is gone).
        let tenant: String?
        /// The realm's display name (its id once it is gone).
        let realm: String?
        let realmID: String?
        /// The realm's page, when the event names a tenant and a realm.
        let realmHref: String?
        let subjectID: String?
        /// The events about the same subject.
        let subjectHref: String?
        /// Who acted: an admin token's label, or the detail's `by` (`device`).
        let actor: String?
        /// The events of the same admin token.
        let actorHref: String?
    }

    let chrome: ConsoleChrome
    /// The filter form's fields as typed.
    let values: [String: String]
    /// Each field's error, by field name.
    let errors: [String: String]
    /// Event types and families to suggest in the type field.
    let typeSuggestions: [String]
    /// Whether the events were listed (not when the filter could not be read).
    let listed: Bool
    /// Whether a filter applies.
    let filtered: Bool
    let events: [Row]
    /// The first page with the same filters, when this is a later one.
    let newest: String?
    /// The next page with the same filters, unless this is the last.
    let next: String?
}
