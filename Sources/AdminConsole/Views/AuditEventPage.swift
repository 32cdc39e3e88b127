import IdentityServerCore

/// One audit event: every field, and its details as key/value rows.
package struct AuditEventPage: Sendable {
    /// One key of the details.
    package struct DetailRow: Sendable {
        package let key: String
        /// A string as it is; anything else as indented JSON.
        package let value: String
        /// Whether the value is an object or array (shown preformatted).
        package let structured: Bool
    }

    package let chrome: ConsoleChrome
    package let id: String
    package let type: String
    /// `2026-11-25T13:45:07.123Z`.
    package let occurred: String
    package let tenantID: String?
    /// The tenant's display name (its id once it is gone).
    package let tenantName: String?
    /// The tenant's page.
    package let tenantHref: String?
    package let realmID: String?
    /// The realm's display name (its id once it is gone).
    package let realmName: String?
    /// The realm's page.
    package let realmHref: String?
    package let subjectID: String?
    /// The events about the same subject.
    package let subjectHref: String?
    /// The events of the admin token that acted, if one did.
    package let actorHref: String?
    /// The details, by key; empty when they are not a JSON object.
    package let detail: [DetailRow]
    /// The details as indented JSON (as stored, when they are not JSON).
    package let json: String
}
