public import Foundation

/// A realm: a user population with its own certificate authority and OpenID provider.
public struct Realm: Codable, Sendable, Equatable {
    public var id: String
    public var tenantID: String
    public var displayName: String
    /// Where enrollment links send the user (the app's universal link).
    public var registrationRedirectURI: String
    /// The realm's OpenID Connect issuer.
    public var issuer: String
    /// The realm CA's root certificate, PEM.
    public var caCertificate: String
    /// Logos and support link its apps show; `nil` when none is set.
    public var theme: RealmTheme?
    /// What it does for a user its directory creates through SCIM.
    public var scimEnrollment: SCIMEnrollment
    /// How its passkeys are registered and checked.
    public var passkeyPolicy: RealmPasskeyPolicy
    /// Whether it serves its account page, where users manage their own credentials and sessions.
    public var accountPage: Bool
    public var createdAt: Date
    public var updatedAt: Date

    /// Creates a realm value.
    public init(
        id: String, tenantID: String, displayName: String, registrationRedirectURI: String, issuer: String,
        caCertificate: String, theme: RealmTheme? = nil, scimEnrollment: SCIMEnrollment = .none,
        passkeyPolicy: RealmPasskeyPolicy = RealmPasskeyPolicy(), accountPage: Bool = true, createdAt: Date, updatedAt: Date
    ) {
        self.id = id
        self.tenantID = tenantID
        self.displayName = displayName
        self.registrationRedirectURI = registrationRedirectURI
        self.issuer = issuer
        self.caCertificate = caCertificate
        self.theme = theme
        self.scimEnrollment = scimEnrollment
        self.passkeyPolicy = passkeyPolicy
        self.accountPage = accountPage
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }

    enum CodingKeys: String, CodingKey {
        case id, issuer, theme
        case tenantID = "tenant_id"
        case displayName = "display_name"
        case registrationRedirectURI = "registration_redirect_uri"
        case scimEnrollment = "scim_enrollment"
        case passkeyPolicy = "passkey_policy"
        case accountPage = "account_page"
        case caCertificate = "ca_certificate"
        case createdAt = "created_at"
        case updatedAt = "updated_at"
    }
}
