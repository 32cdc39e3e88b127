public import Foundation

/// An operator's signed-in session in the web console: opened with an admin token, it acts
/// with that token's rights and ends with it. The browser holds the session's secret in a
/// cookie; only its hash is stored.
public struct ConsoleSessionRecord: Sendable, Equatable, Identifiable {
    /// The session's public id (audit events and logs name it, never the secret).
    public var id: String
    /// SHA-256 of the cookie's secret; unique.
    public var secretHash: Data
    /// The admin token the operator signed in with.
    public var adminTokenID: String
    public var createdAt: Date
    /// The last request made in it (the idle timeout counts from here).
    public var lastSeenAt: Date
    /// The absolute end, however active the session is.
    public var expiresAt: Date

    /// Creates a record.
    public init(id: String, secretHash: Data, adminTokenID: String, createdAt: Date, lastSeenAt: Date, expiresAt: Date) {
        (self.id, self.secretHash, self.adminTokenID) = (id, secretHash, adminTokenID)
        (self.createdAt, self.lastSeenAt, self.expiresAt) = (createdAt, lastSeenAt, expiresAt)
    }
}
