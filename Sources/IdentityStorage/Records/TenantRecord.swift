public import Foundation

/// A tenant: the top of the resource tree.
public struct TenantRecord: Sendable, Equatable, Identifiable {
    public var id: String
    public var displayName: String
    public var createdAt: Date
    public var updatedAt: Date

    /// Creates a record.
    public init(id: String, displayName: String, createdAt: Date, updatedAt: Date) {
        self.id = id
        self.displayName = displayName
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }
}
