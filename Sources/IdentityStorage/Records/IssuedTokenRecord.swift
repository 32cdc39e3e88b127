public import Foundation

/// A token the server issued (by its `jti`), so it can be revoked when its code is replayed.
public struct IssuedTokenRecord: Sendable, Equatable {
    public var jti: String
    /// The code it was issued from.
    public var codeHash: Data
    public var expiresAt: Date
    public var revokedAt: Date?

    /// Creates a record.
    public init(jti: String, codeHash: Data, expiresAt: Date, revokedAt: Date?) {
        self.jti = jti
        self.codeHash = codeHash
        self.expiresAt = expiresAt
        self.revokedAt = revokedAt
    }
}
