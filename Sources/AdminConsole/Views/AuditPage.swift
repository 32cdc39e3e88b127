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

    /// A family of event types in the type filter's list.
    package struct TypeFamily: Sendable {
        /// `admin.`: every type of the family.
        package let prefix: String
        package let selected: Bool
        package let types: [TypeOption]
    }

    /// One event type in the type filter's list.
    package struct TypeOption: Sendable {
        package let type: String
        package let selected: Bool
    }

    /// An identity the subject field's username names.
    package struct Identity: Sendable {
        package let id: String
        package let username: String
        /// Its realm's display name.
        package let realm: String
        /// Its page.
        package let href: String
        /// The audit list of its events, with the other filters kept.
        package let eventsHref: String
    }

    package let chrome: ConsoleChrome
    /// The filter form's fields as typed.
    package let values: [String: String]
    /// Each field's error, by field name.
    package let errors: [String: String]
    /// Every known event type, by family, for the type filter's list.
    package let typeFamilies: [TypeFamily]
    /// A type filter typed into the address that is not a known type or family (kept as an
    /// option of its own, so that the form shows what it filters by).
    package let otherType: String?
    /// The identity whose events are listed, when the subject field held its username.
    package let subjectIdentity: Identity?
    /// The identities of several realms that the subject field's username names.
    package let subjectChoices: [Identity]
    /// Whether the person is to choose among ``subjectChoices``.
    package let choosing: Bool
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
