/// A successful token endpoint response (RFC 6749 §5.1, OIDC Core §3.1.3.3).
public struct TokenEndpointResponse: Codable, Sendable, Equatable {
    public var accessToken: String
    /// `DPoP` for a token bound to the key of the request's DPoP proof (RFC 9449 §5), else `Bearer`.
    public var tokenType: String
    /// Lifetime of the access token in seconds.
    public var expiresIn: Int
    public var idToken: String?
    public var scope: String?
    /// Renews the sign-in at the token endpoint (RFC 6749 §6); single use, rotated on every use.
    public var refreshToken: String?

    /// Creates a token response.
    public init(
        accessToken: String, tokenType: String, expiresIn: Int, idToken: String?, scope: String?, refreshToken: String? = nil
    ) {
        self.accessToken = accessToken
        self.tokenType = tokenType
        self.expiresIn = expiresIn
        self.idToken = idToken
        self.scope = scope
        self.refreshToken = refreshToken
    }

    enum CodingKeys: String, CodingKey {
        case accessToken = "access_token"
        case tokenType = "token_type"
        case expiresIn = "expires_in"
        case idToken = "id_token"
        case scope
        case refreshToken = "refresh_token"
    }
}
