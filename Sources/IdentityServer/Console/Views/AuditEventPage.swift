import IdentityServerCore

/// One audit event: every field, and its details as key/value rows.
struct AuditEventPage: Sendable {
    /// One key of the details.
    struct DetailRow: Sendable {
        let key: String
        /// A string as it is; anything else as indented JSON.
        let value: String
        /// Whether the value is an object or array (shown preformatted).
        let structured: Bool
    }

    let chrome: ConsoleChrome
    let id: String
    let type: String
    /// `2026-11-25T13:45:07.123Z`.
    let occurred: String
    let tenantID: String?
    /// The tenant's display name (its id once it is gone).
    let tenantName: String?
    /// The tenant's page.
    let tenantHref: String?
    let realmID: String?
    /// The realm's display name (its id once it is gone).
    let realmName: String?
    /// The realm's page.
    let realmHref: String?
    let subjectID: String?
    /// The events about the same subject.
    let subjectHref: String?
    /// The events of the admin token that acted, if one did.
    let actorHref: String?
    /// The details, by key; empty when they are not a JSON object.
    let detail: [DetailRow]
    /// The details as indented JSON (as stored, when they are not JSON).
    let json: String
}
