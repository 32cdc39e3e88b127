import IdentityServerCore

/// One identity: its facts and settings, status actions, enrollment links, credentials,
/// sessions and binding jobs.
struct IdentityPage: Sendable {
    /// A credential (a device key).
    struct CredentialRow: Sendable {
        let id: String
        let deviceName: String
        let state: String
        let created: String
        let lastUsed: String
        /// The revocation confirmation's link, for an active credential.
        let revokeHref: String?
    }

    /// A sign-in session.
    struct SessionRow: Sendable {
        let id: String
        let client: String
        let created: String
        let expires: String
        let state: String
        let revokeHref: String?
    }

    /// An enrollment link sent or shown.
    struct JobRow: Sendable {
        let kind: String
        let delivery: String
        let status: String
        /// Where its mail is (delivered, pending, failed, with the relay's words); empty for `return`.
        let mail: String
        let created: String
        let expires: String
    }

    let chrome: ConsoleChrome
    let notice: String?
    let crumbs: RealmCrumbs
    let href: String
    let id: String
    let username: String
    let displayName: String
    let email: String
    let status: String
    let created: String
    /// The names of the groups it belongs to (provisioned by the realm's directory).
    let groups: [String]
    let isActive: Bool
    let isSuspended: Bool
    let isDeleted: Bool
    let credentials: [CredentialRow]
    let sessions: [SessionRow]
    let jobs: [JobRow]
    let errors: [String: String]
    let values: [String: String]
    /// The single-use id of the form that creates an enrollment link (mailed or shown once).
    let formID: String
}
