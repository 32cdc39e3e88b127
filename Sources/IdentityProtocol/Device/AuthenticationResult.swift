import Foundation

/// Where the device sends the user after a verified assertion.
public struct AuthenticationResult: Codable, Sendable, Equatable {
    /// The client's redirect URI with `code` and `state`.
    public var redirectURI: String
    /// An optional message for the user.
    public var message: String?

    /// Creates a result.
    public init(redirectURI: String, message: String? = nil) {
        self.redirectURI = redirectURI
        self.message = message
    }

    enum CodingKeys: String, CodingKey {
        case redirectURI = "redirect_uri"
        case message
    }
}
