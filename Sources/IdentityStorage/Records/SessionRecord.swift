public import Foundation

/// What one sign-in issued: the session an authorization code opens at the token endpoint,
/// bound to the credential and identity that signed in. Its refresh tokens, and every access
/// token issued under it, end with it (revocation, logout, a replayed code or refresh token).
public struct SessionRecord: Sendable, Equatable, Identifiable {
    /// Also the ID token's `sid`.
    public var id: String
    /// The tenant of its realm.
    public var tenantID: String
    /// The realm of the application and the identity.
    public var realmID: String
    /// The application (client) that signed the user in.
    public var applicationID: String
    /// The user who signed in.
    public var identityID: String
    /// The credential that signed: revoking or deleting it ends the session; `nil` for a
    /// sign-in by an email code (which only the identity's status ends).
    public var credentialID: String?
    /// The scope granted at sign-in; a refresh may narrow it, never widen it.
    public var scope: String
    /// When the user authenticated (the ID token's `auth_time`).
    public var authTime: Date
    /// The code that opened it, so a replay of the code ends it.
    public var codeHash: Data
    /// When the code was exchanged.
    public var createdAt: Date
    /// The absolute end: no refresh token outlives it.
    public var expiresAt: Date
    /// The latest rotation of its refresh token.
    public var lastRefreshedAt: Date?
    /// When it ended (revocation, logout, a replay); `nil` while it stands.
    public var revokedAt: Date?
    /// The DPoP key its tokens were bound to when the code was exchanged (RFC 9449); `nil` for
    /// bearer tokens. A public client's refresh tokens need a proof of this key.
    public var dpopBinding: DPoPBinding?
    /// What the sign-in proved (its ID tokens' `amr` and `acr`).
    public var assurance: SignInAssurance
    /// Where its tokens were last asked for (the code exchange, then each refresh).
    public var lastSource: RequestSource?
    /// The sign-in's `/authorize` span (W3C `traceparent`), when the server traces: each refresh
    /// links to it.
    public var traceparent: String?

    /// Creates a record.
    public init(
        id: String, tenantID: String, realmID: String, applicationID: String, identityID: String, credentialID: String?,
        scope: String, authTime: Date, codeHash: Data, createdAt: Date, expiresAt: Date, lastRefreshedAt: Date?,
        revokedAt: Date?, dpopBinding: DPoPBinding? = nil, assurance: SignInAssurance = .unrecorded, lastSource: RequestSource? = nil,
        traceparent: String? = nil
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
        self.dpopBinding = dpopBinding
        self.assurance = assurance
        self.lastSource = lastSource
        self.traceparent = traceparent
    }
}
