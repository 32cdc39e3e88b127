import IdentityServerCore

/// An application's settings: the form that creates one, or that edits one with its secret
/// rotation and deletion.
struct ApplicationFormPage: Sendable {
    let chrome: ConsoleChrome
    let notice: String?
    let crumbs: RealmCrumbs
    /// `true` for the creation form.
    let isNew: Bool
    let heading: String
    /// Where the form posts.
    let action: String
    /// The application's own link (`nil` while it is being created).
    let href: String?
    /// Its client id and issuer (editing only).
    let clientID: String
    let issuer: String
    /// Whether it is confidential (it has a secret to rotate).
    let confidential: Bool
    /// Until when the secret a rotation replaced still works, if one does.
    let previousSecretExpires: String?
    /// The text fields' values, by field name.
    let values: [String: String]
    /// The choices made (checkboxes, radio buttons, options), by ``ApplicationForm`` key.
    let flags: [String: Bool]
    let errors: [String: String]
    /// The single-use id of its forms that show a secret (create, rotate).
    let formID: String
}
