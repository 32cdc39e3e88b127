public import Foundation

/// One generation of a session's refresh token, stored as a hash. Rotation marks it used; a
/// used one presented again is a replay that ends the session (RFC 9700 §4.14.2).
public struct RefreshTokenRecord: Sendable, Equatable {
    public var tokenHash: Data
    public var sessionID: String
    public var createdAt: Date
    /// The idle end: unused until then, it lapses (never after its session's end).
    public var expiresAt: Date
    /// When it was rotated.
    public var usedAt: Date?

    /// Creates a record.
    public init(tokenHash: Data, sessionID: String, createdAt: Date, expiresAt: Date, usedAt: Date?) {
        self.tokenHash = tokenHash
        self.sessionID = sessionID
        self.createdAt = createdAt
        self.expiresAt = expiresAt
        self.usedAt = usedAt
    }
}
