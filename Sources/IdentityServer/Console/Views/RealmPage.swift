import IdentityServerCore

/// A realm: its settings, applications and signing keys, with links to its identities.
struct RealmPage: Sendable {
    /// One application in the list.
    struct ApplicationRow: Sendable {
        let name: String
        let clientID: String
        let clientType: String
        let href: String
    }

    /// One signing key.
    struct KeyRow: Sendable {
        let kid: String
        let algorithm: String
        let status: String
        let activates: String
        let retires: String
    }

    let chrome: ConsoleChrome
    let notice: String?
    let tenantName: String
    let tenantHref: String
    let name: String
    let id: String
    let issuer: String
    let registrationRedirectURI: String
    /// Whether users the directory creates through SCIM are mailed an enrollment link.
    let mailsSCIMUsersLinks: Bool
    /// The realm's own link (its forms post there).
    let href: String
    let applications: [ApplicationRow]
    let keys: [KeyRow]
    let errors: [String: String]
    let values: [String: String]
}
