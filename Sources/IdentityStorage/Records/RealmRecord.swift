public import Foundation

/// A realm: a user population with its own certificate authority and signing keys.
public struct RealmRecord: Sendable, Equatable, Identifiable {
    public var id: String
    public var tenantID: String
    public var displayName: String
    /// Where enrollment links redirect the user (the app's universal link).
    public var registrationRedirectURI: String
    /// The CA's P-256 private key, sealed under the master key.
    public var sealedCAPrivateKey: Data
    /// The CA's self-signed root certificate, DER.
    public var caCertificateDER: Data
    /// Logos and support link its apps show.
    public var theme: Theme
    /// What it does for a user its directory creates through SCIM.
    public var scimEnrollment: SCIMEnrollment
    /// How its passkeys are registered and checked.
    public var passkeyPolicy: PasskeyPolicy
    /// Whether it serves its account page (`{issuer}/account`).
    public var accountPage: Bool
    public var createdAt: Date
    public var updatedAt: Date

    /// Creates a record.
    public init(
        id: String, tenantID: String, displayName: String, registrationRedirectURI: String,
        sealedCAPrivateKey: Data, caCertificateDER: Data, theme: Theme = Theme(), scimEnrollment: SCIMEnrollment = .none,
        passkeyPolicy: PasskeyPolicy = PasskeyPolicy(), accountPage: Bool = true, createdAt: Date, updatedAt: Date
    ) {
        self.id = id
        self.tenantID = tenantID
        self.displayName = displayName
        self.registrationRedirectURI = registrationRedirectURI
        self.sealedCAPrivateKey = sealedCAPrivateKey
        self.caCertificateDER = caCertificateDER
        self.theme = theme
        self.scimEnrollment = scimEnrollment
        self.passkeyPolicy = passkeyPolicy
        self.accountPage = accountPage
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }
}
