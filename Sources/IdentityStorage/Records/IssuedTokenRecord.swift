public import Foundation

/// An access token the server issued (by its `jti`), so it can be revoked, and found to be
/// revoked, however it was obtained.
public struct IssuedTokenRecord: Sendable, Equatable {
    public var jti: String
    /// How it was obtained; `clientCredentials` tokens stand for their client, not a user.
    public var grant: ApplicationRecord.GrantType
    /// The code it was issued from (`authorizationCode` only).
    public var codeHash: Data?
    /// The session it belongs to (`nil` for client credentials).
    public var sessionID: String?
    public var expiresAt: Date
    public var revokedAt: Date?
    /// The SHA-256 of the token's compact form as issued; `nil` for tokens issued before the
    /// server kept it (their signature is checked instead).
    public var tokenHash: Data?

    /// Creates a record.
    public init(
        jti: String, grant: ApplicationRecord.GrantType, codeHash: Data?, sessionID: String?, expiresAt: Date,
        revokedAt: Date?, tokenHash: Data? = nil
    ) {
        self.jti = jti
        self.grant = grant
        self.codeHash = codeHash
        self.sessionID = sessionID
        self.expiresAt = expiresAt
        self.revokedAt = revokedAt
        self.tokenHash = tokenHash
    }
}
