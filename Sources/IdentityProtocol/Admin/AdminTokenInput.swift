import Foundation

/// Creates an admin token: `label` required; `tenant_id` scopes it to one tenant;
/// `expires_in` (seconds) makes it expire.
public struct AdminTokenInput: Codable, Sendable, Equatable {
    public var label: String?
    public var tenantID: String?
    public var expiresIn: Int?

    /// Creates an input.
    public init(label: String? = nil, tenantID: String? = nil, expiresIn: Int? = nil) {
        self.label = label
        self.tenantID = tenantID
        self.expiresIn = expiresIn
    }

    enum CodingKeys: String, CodingKey {
        case label
        case tenantID = "tenant_id"
        case expiresIn = "expires_in"
    }
}
