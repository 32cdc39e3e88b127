/// What the account page shows a signed-in person: who they are, and their own passkeys, device
/// credentials and sessions, each with what it takes to recognise it.
package struct AccountOverview: Sendable {
    /// An active passkey or device credential.
    package struct Credential: Sendable {
        package let id: String
        /// The name it was registered with, or the person gave it.
        package let name: String
        /// A passkey's provider, where its AAGUID is known (`Google Password Manager`).
        package let provider: String?
        package let created: String
        package let lastUsed: String
        /// Whether this page's session signed in with it.
        package let current: Bool
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
