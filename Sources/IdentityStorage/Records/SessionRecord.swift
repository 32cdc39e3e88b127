public import Foundation

/// What one sign-in issued: the session an authorization code opens at the token endpoint,
/// bound to the credential and identity that signed in. Its refresh tokens, and every access
/// token issued under it, end with it (revocation, logout, a replayed code or refresh token).
public struct SessionRecord: Sendable, Equatable, Identifiable {
    /// Also the ID token's `sid`.
    public var id: String
    public var tenantID: String
    public var realmID: String
    public var applicationID: String
    public var identityID: String
    public var credentialID: String
    /// The scope granted at sign-in; a refresh may narrow it, never widen it.
    public var scope: String
    public var authTime: Date
    /// The code that opened it, so a replay of the code ends it.
    public var codeHash: Data
    public var createdAt: Date
    /// The absolute end: no refresh token outlives it.
    public var expiresAt: Date
    public var lastRefreshedAt: Date?
    public var revokedAt: Date?

    /// Creates a record.
    public init(
        id: String, tenantID: String, realmID: String, applicationID: String, identityID: String, credentialID: String,
        scope: String, authTime: Date, codeHash: Data, createdAt: Date, expiresAt: Date, lastRefreshedAt: Date?,
        revokedAt: Date?
    ) {
        self.id = id
        self.tenantID = tenantID
        self.realmID = realmID
        self.applicationID = applicationID
        self.identityID = identityID
        self.credentialID = credentialID
        self.scope = scope
        self.authTime = authTime
        self.codeHash = codeHash
        self.createdAt = createdAt
        self.expiresAt = expiresAt
        self.lastRefreshedAt = lastRefreshedAt
        self.revokedAt = revokedAt
    }
}
