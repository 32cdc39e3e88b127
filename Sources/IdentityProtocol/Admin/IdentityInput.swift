import Foundation

/// Creates (`username` required; `display_name` defaults to it) or updates an identity.
public struct IdentityInput: Codable, Sendable, Equatable {
    public var username: String?
    public var email: String?
    public var displayName: String?
    /// `active`, `suspended` or `deleted`.
    public var status: String?

    /// Creates an input.
    public init(username: String? = nil, email: String? = nil, displayName: String? = nil, status: String? = nil) {
        self.username = username
        self.email = email
        self.displayName = displayName
        self.status = status
    }

    enum CodingKeys: String, CodingKey {
        case username, email, status
        case displayName = "display_name"
    }
}
