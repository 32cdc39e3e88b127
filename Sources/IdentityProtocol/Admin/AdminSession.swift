public import Foundation

/// A sign-in as the admin API shows it: what one authorization code opened at the token
/// endpoint, renewed by its refresh tokens until it ends.
public struct AdminSession: Codable, Sendable, Equatable {
    /// The session id (the ID tokens' `sid`).
    public var id: String
    /// The user who signed in.
    public var identityID: String
    /// The application signed in to.
    public var applicationID: String
    /// The application's client id, while it exists.
    public var clientID: String?
    /// The credential that signed in; `nil` for a sign-in by an email code.
    public var credentialID: String?
    /// The scope granted at sign-in.
    public var scope: String
    /// When the user authenticated.
    public var authTime: Date
    /// When the code was exchanged.
    public var createdAt: Date
    /// No refresh outlives this.
    public var expiresAt: Date
    /// The latest refresh.
    public var lastRefreshedAt: Date?
    /// When it was ended (revocation, logout, a replayed token).
    public var revokedAt: Date?
    /// The thumbprint of the DPoP key its tokens are bound to; `nil` for bearer tokens.
    public var dpopJKT: String?
    /// Whose key that is: `credential` (the credential's own key: the tokens are bound to the
    /// credential) or `client`.
    public var dpopKey: String?

    /// Creates a session value.
    public init(
        id: String, identityID: String, applicationID: String, clientID: String?, credentialID: String?, scope: String,
        authTime: Date, createdAt: Date, expiresAt: Date, lastRefreshedAt: Date?, revokedAt: Date?,
        dpopJKT: String? = nil, dpopKey: String? = nil
    ) {
        self.id = id
        self.identityID = identityID
        self.applicationID = applicationID
        self.clientID = clientID
        self.credentialID = credentialID
        self.scope = scope
        self.authTime = authTime
        self.createdAt = createdAt
        self.expiresAt = expiresAt
        self.lastRefreshedAt = lastRefreshedAt
        self.revokedAt = revokedAt
        self.dpopJKT = dpopJKT
        self.dpopKey = dpopKey
    }

    enum CodingKeys: String, CodingKey {
        case id, scope
        case identityID = "identity_id"
        case applicationID = "application_id"
        case clientID = "client_id"
        case credentialID = "credential_id"
        case authTime = "auth_time"
        case createdAt = "created_at"
        case expiresAt = "expires_at"
        case lastRefreshedAt = "last_refreshed_at"
        case revokedAt = "revoked_at"
        case dpopJKT = "dpop_jkt"
        case dpopKey = "dpop_key"
    }
}
