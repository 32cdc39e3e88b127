public import Foundation

/// A person's signed-in session on their realm's account page: opened by a passkey sign-in, it
/// shows and manages that identity's own credentials and sessions. The browser holds the
/// session's secret in a cookie; only its hash is stored.
public struct AccountSessionRecord: Sendable, Equatable, Identifiable {
    /// The session's public id (audit events and logs name it, never the secret).
    public var id: String
    /// SHA-256 of the cookie's secret; unique.
    public var secretHash: Data
    public var tenantID: String
    public var realmID: String
    /// The identity signed in.
    public var identityID: String
    /// The passkey that signed in.
    public var credentialID: String
    /// When the identity last proved itself (a sign-in): what a fresh proof is measured from.
    public var authenticatedAt: Date
    public var createdAt: Date
    /// The last request made in it (the idle timeout counts from here).
    public var lastSeenAt: Date
    /// The absolute end, however active the session is.
    public var expiresAt: Date
    /// The browser's address and `User-Agent` when it signed in.
    public var address: String?
    public var userAgent: String?

    /// Creates a record.
    public init(
        id: String, secretHash: Data, tenantID: String, realmID: String, identityID: String, credentialID: String,
        authenticatedAt: Date, createdAt: Date, lastSeenAt: Date, expiresAt: Date, address: String?, userAgent: String?
    ) {
        (self.id, self.secretHash, self.tenantID, self.realmID) = (id, secretHash, tenantID, realmID)
        (self.identityID, self.credentialID, self.authenticatedAt) = (identityID, credentialID, authenticatedAt)
        (self.createdAt, self.lastSeenAt, self.expiresAt) = (createdAt, lastSeenAt, expiresAt)
        (self.address, self.userAgent) = (address, userAgent)
    }
}
