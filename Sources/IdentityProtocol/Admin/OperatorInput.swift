import Foundation

/// Adds an operator (a person who signs in to the console), or changes one's role: `username`
/// (required to add), `email` and `display_name` as for an identity; `role` (`owner`,
/// `tenant_admin`, `auditor` or `support`; required to add); `tenant_id` limits their reach to one
/// tenant (an empty one, when changing, to every tenant; an owner's is every tenant).
public struct OperatorInput: Codable, Sendable, Equatable {
    public var username: String?
    public var email: String?
    public var displayName: String?
    public var role: String?
    public var tenantID: String?

    /// Creates an input.
    public init(username: String? = nil, email: String? = nil, displayName: String? = nil, role: String? = nil, tenantID: String? = nil) {
        (self.username, self.email, self.displayName, self.role, self.tenantID) = (username, email, displayName, role, tenantID)
    }

    enum CodingKeys: String, CodingKey {
        case username, email, role
        case displayName = "display_name"
        case tenantID = "tenant_id"
    }
}
