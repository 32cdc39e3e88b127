package import IdentityProtocol
import IdentityServerCore

/// A realm: its settings, applications and signing keys, with links to its identities.
package struct RealmPage: Sendable {
    /// One application in the list.
    package struct ApplicationRow: Sendable {
        package let name: String
        package let clientID: String
        package let clientType: String
        package let href: String
    }

    /// One signing key.
    package struct KeyRow: Sendable {
        package let kid: String
        package let algorithm: String
        package let status: String
        package let activates: String
        package let retires: String
    }

    package let chrome: ConsoleChrome
    package let notice: String?
    package let tenantName: String
    package let tenantHref: String
    package let name: String
    package let id: String
    package let issuer: String
    package let registrationRedirectURI: String
    /// Whether users the directory creates through SCIM are mailed an enrollment link.
    package let mailsSCIMUsersLinks: Bool
    /// Its theme, as its apps show it (empty strings where unset).
    package let theme: RealmTheme
    /// Its account page's URL, while it serves one.
    package let accountPage: String?
    /// The realm's own link (its forms post there).
    package let href: String
    /// Whether the role reads applications and keys (support does not), and changes settings.
    package let mayReadConfiguration: Bool
    package let mayConfigure: Bool
    package let applications: [ApplicationRow]
    package let keys: [KeyRow]
    /// Its passkey policy's form.
    package let passkeys: PasskeyPolicyForm
    package let errors: [String: String]
    package let values: [String: String]
}
