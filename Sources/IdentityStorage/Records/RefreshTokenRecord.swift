public import Foundation

/// One generation of a session's refresh token, stored as a hash. Rotation marks it used; a
/// used one presented again is a replay that ends the session (RFC 9700 §4.14.2).
public struct RefreshTokenRecord: Sendable, Equatable {
    /// SHA-256 of the token; the token itself is never stored.
    public var tokenHash: Data
    /// The session it renews.
    public var sessionID: String
    /// When it was issued.
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
