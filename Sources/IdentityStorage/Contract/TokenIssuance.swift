/// What one grant at the token endpoint writes, together: the session it opens (a code
/// exchange), the refresh token it hands out, and the access token it records.
public struct TokenIssuance: Sendable, Equatable {
    public var session: SessionRecord?
    public var refreshToken: RefreshTokenRecord?
    public var accessTokens: [IssuedTokenRecord]

    /// Creates an issuance.
    public init(session: SessionRecord? = nil, refreshToken: RefreshTokenRecord? = nil, accessTokens: [IssuedTokenRecord] = []) {
        self.session = session
        self.refreshToken = refreshToken
        self.accessTokens = accessTokens
    }
}
