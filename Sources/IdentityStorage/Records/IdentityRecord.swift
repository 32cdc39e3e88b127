public import Foundation

/// An identity (a user) of a realm.
public struct IdentityRecord: Sendable, Equatable, Identifiable {
    public var id: String
    public var tenantID: String
    public var realmID: String
    /// Unique per realm.
    public var username: String
    public var email: String?
    public var displayName: String
    /// `active`, `suspended` or `deleted`.
    public var status: Status
    public var createdAt: Date
    public var updatedAt: Date

    /// Creates a record.
    public init(
        id: String, tenantID: String, realmID: String, username: String, email: String?,
        displayName: String, status: Status, createdAt: Date, updatedAt: Date
    ) {
        self.id = id
        self.tenantID = tenantID
        self.realmID = realmID
        self.username = username
        self.email = email
        self.displayName = displayName
        self.status = status
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }
}
