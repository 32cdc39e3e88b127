import Foundation

/// Creates (`display_name` required) or updates a tenant.
public struct TenantInput: Codable, Sendable, Equatable {
    public var displayName: String?

    /// Creates an input.
    public init(displayName: String? = nil) { self.displayName = displayName }

    enum CodingKeys: String, CodingKey {
        case displayName = "display_name"
    }
}
