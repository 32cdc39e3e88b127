public import Foundation

/// An operator: an identity of the operators' realm with a role in the console and the admin API.
public struct Operator: Codable, Sendable, Equatable {
    /// The operator's identity id (in the tenant and realm `operators`).
    public var id: String
    public var username: String
    public var email: String?
    public var displayName: String
    /// `owner`, `tenant_admin`, `auditor` or `support`.
    public var role: String
    /// The one tenant the operator may administer; `nil` for every tenant.
    public var tenantID: String?
    /// The identity's: `active` (may sign in), `suspended` or `deleted`.
    public var status: IdentityStatus
    public var createdAt: Date
    public var updatedAt: Date
    /// The enrollment link that creates the operator's passkey: only in the answer that adds them.
    public var enrollmentLink: String?

    /// Creates an operator value.
    public init(
        id: String, username: String, email: String?, displayName: String, role: String, tenantID: String?, status: IdentityStatus,
        createdAt: Date, updatedAt: Date, enrollmentLink: String? = nil
    ) {
        (self.id, self.username, self.email, self.displayName, self.role, self.tenantID) = (id, username, email, displayName, role, tenantID)
        (self.status, self.createdAt, self.updatedAt, self.enrollmentLink) = (status, createdAt, updatedAt, enrollmentLink)
    }

    enum CodingKeys: String, CodingKey {
        case id, username, email, role, status
        case displayName = "display_name"
        case tenantID = "tenant_id"
        case createdAt = "created_at"
        case updatedAt = "updated_at"
        case enrollmentLink = "enrollment_link"
    }
}
