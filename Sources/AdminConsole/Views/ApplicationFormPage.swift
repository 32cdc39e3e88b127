import IdentityServerCore

/// An application's settings: the form that creates one, or that edits one with its secret
/// rotation and deletion.
package struct ApplicationFormPage: Sendable {
    package let chrome: ConsoleChrome
    package let notice: String?
    package let crumbs: RealmCrumbs
    /// `true` for the creation form.
    package let isNew: Bool
    package let heading: String
    /// Where the form posts.
    package let action: String
    /// The application's own link (`nil` while it is being created).
    package let href: String?
    /// Its client id and issuer (editing only).
    package let clientID: String
    /// `public` or `confidential`, with how it authenticates at the token endpoint.
    package let clientType: String
    package let issuer: String
    /// What a relying party is configured with: the discovery document, the authorization and
    /// token endpoints (under the issuer).
    package let endpoints: [String: String]
    /// Whether it is confidential (it has a secret to rotate).
    package let confidential: Bool
    /// Until when the secret a rotation replaced still works, if one does.
    package let previousSecretExpires: String?
    /// The text fields' values, by field name.
    package let values: [String: String]
    /// The choices made (checkboxes, radio buttons, options), by ``ApplicationForm`` key.
    package let flags: [String: Bool]
    package let errors: [String: String]
    /// Every problem of a refused form, linking to its field.
    package let summary: [FormErrors.Item]
    /// Whether there are any (the summary shows only then).
    package let hasSummary: Bool
    /// The single-use id of its forms that show a secret (create, rotate).
    package let formID: String
}
