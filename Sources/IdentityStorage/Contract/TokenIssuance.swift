/// What one grant at the token endpoint writes, together: the session it opens (a code
/// exchange), the refresh token it hands out, the access token it records, and its audit
/// events — all or nothing.
public struct TokenIssuance: Sendable, Equatable {
    /// The session a code exchange opens; `nil` when an existing session is renewed.
    public var session: SessionRecord?
    /// The refresh token handed out, if any.
    public var refreshToken: RefreshTokenRecord?
    /// The access tokens signed, by `jti`.
    public var accessTokens: [IssuedTokenRecord]
    /// The audit events that record it.
    public var auditEvents: [AuditEventRecord]
    /// Where a refresh was asked from, recorded in its session.
    public var source: RequestSource?

    /// Creates an issuance.
    public init(
        session: SessionRecord? = nil, refreshToken: RefreshTokenRecord? = nil, accessTokens: [IssuedTokenRecord] = [],
        auditEvents: [AuditEventRecord] = [], source: RequestSource? = nil
    ) {
        self.session = session
        self.refreshToken = refreshToken
        self.accessTokens = accessTokens
        self.auditEvents = auditEvents
        self.source = source
    }
}
