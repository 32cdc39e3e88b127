/// What the account page shows a signed-in person: who they are, and their own passkeys, device
/// credentials and sessions, each with what it takes to recognise it.
package struct AccountOverview: Sendable {
    /// A passkey or a device credential.
    package struct Credential: Sendable {
        package let id: String
        /// The authenticator's name (from its AAGUID) or the device's name.
        package let name: String
        package let created: String
        package let lastUsed: String
        package let state: String
        /// Whether this page's session signed in with it.
        package let current: Bool
        /// Whether it can be revoked (it is active).
        package let active: Bool
    }

    /// A session an application holds.
    package struct Session: Sendable {
        package let id: String
        package let application: String
        package let started: String
        package let lastRefreshed: String
    }

    package let username: String
    package let displayName: String
    package let email: String?
    package let passkeys: [Credential]
    package let devices: [Credential]
    package let sessions: [Session]
}
