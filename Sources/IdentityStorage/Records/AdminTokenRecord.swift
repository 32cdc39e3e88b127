public import Foundation

/// An admin API token, stored only as its hash.
public struct AdminTokenRecord: Sendable, Equatable {
    /// SHA-256 of the token; unique.
    public var tokenHash: Data
    public var label: String
    public var createdAt: Date

    /// Creates a record.
    public init(tokenHash: Data, label: String, createdAt: Date) {
        self.tokenHash = tokenHash
        self.label = label
        self.createdAt = createdAt
    }
}
