import IdentityServerCore

/// One identity: its facts and settings, status actions, enrollment links, credentials,
/// sessions and binding jobs.
package struct IdentityPage: Sendable {
    /// A credential (a device key or a passkey).
    package struct CredentialRow: Sendable {
        package let id: String
        package let deviceName: String
        package let state: String
        package let created: String
        package let lastUsed: String
        /// The revocation confirmation's link, for an active credential.
        package let revokeHref: String?
    }

    /// A sign-in session.
    package struct SessionRow: Sendable {
        package let id: String
        package let client: String
        package let created: String
        package let expires: String
        package let state: String
        package let revokeHref: String?
    }

    /// An enrollment link sent or shown.
    package struct JobRow: Sendable {
        package let kind: String
        package let delivery: String
        package let status: String
        /// Where its mail is (delivered, pending, failed, with the relay's words); empty for `return`.
        package let mail: String
        package let created: String
        package let expires: String
        /// Where a link not used yet is revoked.
        package let revokeHref: String?
    }

    package let chrome: ConsoleChrome
    package let notice: String?
    package let crumbs: RealmCrumbs
    package let href: String
    package let id: String
    package let username: String
    package let displayName: String
    package let email: String
    package let status: String
    package let created: String
    /// The names of the groups it belongs to (provisioned by the realm's directory).
    package let groups: [String]
    package let isActive: Bool
    package let isSuspended: Bool
    package let isDeleted: Bool
    package let credentials: [CredentialRow]
    package let sessions: [SessionRow]
    package let jobs: [JobRow]
    package let errors: [String: String]
    package let values: [String: String]
    /// The single-use id of the form that creates an enrollment link (mailed or shown once).
    package let formID: String
}
