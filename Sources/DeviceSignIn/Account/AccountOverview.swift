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
        /// What signed in: the passkey's or device's name, or an emailed code.
        package let signedInWith: String
        /// Where its tokens were last asked for: the address and the agent, where known.
        package let lastSeenFrom: String?
    }

    package let username: String
    package let displayName: String
    package let email: String?
    /// Whether the person may change it here (not when SCIM provisions the identity).
    package let emailChangeable: Bool
    /// The address a change waits to be confirmed for, and until when.
    package let pendingEmail: String?
    package let pendingUntil: String?
    package let passkeys: [Credential]
    package let devices: [Credential]
    package let sessions: [Session]
}
