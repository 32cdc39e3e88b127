public import Foundation

/// An authorization code, bound to client, redirect URI, PKCE challenge and the authenticated identity.
public struct AuthorizationCodeRecord: Sendable, Equatable {
    /// SHA-256 of the code; unique.
    public var codeHash: Data
    public var applicationID: String
    public var realmID: String
    public var identityID: String
    /// The credential that signed in; `nil` for a sign-in by an email code.
    public var credentialID: String?
    public var redirectURI: String
    public var scope: String
    public var nonce: String?
    public var codeChallenge: String?
    public var codeChallengeMethod: String?
    public var authTime: Date
    public var expiresAt: Date
    public var createdAt: Date
    public var usedAt: Date?
    /// SHA-256 of the reference of the sign-in transaction the code completed; unique, so a
    /// transaction earns one code (`nil` for codes issued before transactions were sealed).
    public var transactionHash: Data?
    /// What the sign-in proved.
    public var assurance: SignInAssurance
    /// The session the code's redemption opened (`nil` until it is redeemed): a replay of the
    /// code revokes it, and every token issued in it.
    public var sessionID: String?
    /// The sign-in's `/authorize` span (W3C `traceparent`), when the server traces: the code's
    /// exchange links to it, and the session keeps it for its refreshes.
    public var traceparent: String?

    /// Creates a record.
    public init(
        codeHash: Data, applicationID: String, realmID: String, identityID: String, credentialID: String?,
        redirectURI: String, scope: String, nonce: String?, codeChallenge: String?, codeChallengeMethod: String?,
        authTime: Date, expiresAt: Date, createdAt: Date, usedAt: Date?, transactionHash: Data?,
        assurance: SignInAssurance = .unrecorded, sessionID: String? = nil, traceparent: String? = nil
    ) {
        self.codeHash = codeHash
        self.transactionHash = transactionHash
        self.applicationID = applicationID
        self.realmID = realmID
        self.identityID = identityID
        self.credentialID = credentialID
        self.redirectURI = redirectURI
        self.scope = scope
        self.nonce = nonce
        self.codeChallenge = codeChallenge
        self.codeChallengeMethod = codeChallengeMethod
        self.authTime = authTime
        self.expiresAt = expiresAt
        self.createdAt = createdAt
        self.usedAt = usedAt
        self.assurance = assurance
        self.sessionID = sessionID
        self.traceparent = traceparent
    }
}
