import Foundation

/// Creates (name and redirect URI required) or updates a realm.
public struct RealmInput: Codable, Sendable, Equatable {
    public var displayName: String?
    public var registrationRedirectURI: String?
    /// Logos and support link (absolute https URLs); a field left out is unchanged, an empty
    /// string clears it.
    public var theme: RealmTheme?
    /// `none` or `email` (``SCIMEnrollment``).
    public var scimEnrollment: String?
    /// The fields of its passkey policy to change.
    public var passkeyPolicy: RealmPasskeyPolicy?
    /// Whether it serves its account page.
    public var accountPage: Bool?

    /// Creates an input.
    public init(
        displayName: String? = nil, registrationRedirectURI: String? = nil, theme: RealmTheme? = nil, scimEnrollment: String? = nil,
        passkeyPolicy: RealmPasskeyPolicy? = nil, accountPage: Bool? = nil
    ) {
        self.displayName = displayName
        self.registrationRedirectURI = registrationRedirectURI
        self.theme = theme
        self.scimEnrollment = scimEnrollment
        self.passkeyPolicy = passkeyPolicy
        self.accountPage = accountPage
    }

    enum CodingKeys: String, CodingKey {
        case displayName = "display_name"
        case registrationRedirectURI = "registration_redirect_uri"
        case theme
        case scimEnrollment = "scim_enrollment"
        case passkeyPolicy = "passkey_policy"
        case accountPage = "account_page"
    }
}
