import Foundation

/// Creates (both fields required) or updates a realm.
public struct RealmInput: Codable, Sendable, Equatable {
    public var displayName: String?
    public var registrationRedirectURI: String?

    /// Creates an input.
    public init(displayName: String? = nil, registrationRedirectURI: String? = nil) {
        self.displayName = displayName
        self.registrationRedirectURI = registrationRedirectURI
    }

    enum CodingKeys: String, CodingKey {
        case displayName = "display_name"
        case registrationRedirectURI = "registration_redirect_uri"
    }
}
