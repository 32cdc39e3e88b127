import Foundation

/// Creates an admin token: `label` required; `tenant_id` scopes it to one tenant; `role`
/// (`owner`, `tenant_admin`, `auditor`, `support`) says what it may do, by default `owner` for
/// every tenant and `tenant_admin` for one; `expires_in` (seconds) makes it expire.
public struct AdminTokenInput: Codable, Sendable, Equatable {
    public var label: String?
    public var tenantID: String?
    public var role: String?
    public var expiresIn: Int?

    /// Creates an input.
    public init(label: String? = nil, tenantID: String? = nil, role: String? = nil, expiresIn: Int? = nil) {
        self.label = label
        self.tenantID = tenantID
        self.role = role
        self.expiresIn = expiresIn
    }

    enum CodingKeys: String, CodingKey {
        case label, role
        case tenantID = "tenant_id"
        case expiresIn = "expires_in"
    }
}
