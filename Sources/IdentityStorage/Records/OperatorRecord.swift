public import Foundation

/// An operator: an identity of the operators' realm who signs in to the console as a person
/// (a passkey, or the app on their phone), with a role over every tenant or one.
public struct OperatorRecord: Sendable, Equatable, Identifiable {
    /// The operator's identity (of the operators' realm).
    public var identityID: String
    /// What the operator may do.
    public var role: AdminRole
    /// The one tenant the operator may administer; `nil` for every tenant.
    public var tenantID: String?
    public var createdAt: Date
    public var updatedAt: Date

    public var id: String { identityID }

    /// Creates a record.
    public init(identityID: String, role: AdminRole, tenantID: String? = nil, createdAt: Date, updatedAt: Date) {
        (self.identityID, self.role, self.tenantID, self.createdAt, self.updatedAt) = (identityID, role, tenantID, createdAt, updatedAt)
    }
}
