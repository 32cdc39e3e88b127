public import Foundation

/// A tenant, as the admin API shows it.
public struct Tenant: Codable, Sendable, Equatable {
    public var id: String
    public var displayName: String
    public var createdAt: Date
    public var updatedAt: Date

    /// Creates a tenant value.
    public init(id: String, displayName: String, createdAt: Date, updatedAt: Date) {
        self.id = id
        self.displayName = displayName
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }

    enum CodingKeys: String, CodingKey {
        case id
        case displayName = "display_name"
        case createdAt = "created_at"
        case updatedAt = "updated_at"
    }
}
