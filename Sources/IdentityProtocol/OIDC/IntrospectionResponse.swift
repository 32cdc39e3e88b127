/// A token introspection response (RFC 7662 §2.2): `active` alone for a token that is not, the
/// token's facts for one that is.
public struct IntrospectionResponse: Codable, Sendable, Equatable {
    /// Whether the token is active: issued here, unexpired, unrevoked, its user active.
    public var active: Bool
    /// The granted scopes, space separated.
    public var scope: String?
    /// The client the token was issued to.
    public var clientID: String?
    /// The user's username.
    public var username: String?
    /// `DPoP` for a DPoP-bound token, else `Bearer`.
    public var tokenType: String?
    /// Expiry, in seconds since the epoch.
    public var exp: Int64?
    /// Issue time, in seconds since the epoch.
    public var iat: Int64?
    /// The user.
    public var sub: String?
    /// The audience.
    public var aud: [String]?
    /// The issuer.
    public var iss: String?
    /// The token's id.
    public var jti: String?
    /// The key a DPoP-bound token is bound to (RFC 9449 §6.2): a resource server must see a
    /// proof of it.
    public var cnf: Confirmation?
    /// The names of the user's groups, when the token was granted the `groups` scope.
    public var groups: [String]?

    /// The answer for a token that is not active.
    public static let inactive = IntrospectionResponse(active: false)

    /// A response.
    public init(
        active: Bool, scope: String? = nil, clientID: String? = nil, username: String? = nil, tokenType: String? = nil,
        exp: Int64? = nil, iat: Int64? = nil, sub: String? = nil, aud: [String]? = nil, iss: String? = nil, jti: String? = nil,
        cnf: Confirmation? = nil, groups: [String]? = nil
    ) {
        self.active = active
        self.scope = scope
        self.clientID = clientID
        self.username = username
        self.tokenType = tokenType
        self.exp = exp
        self.iat = iat
        self.sub = sub
        self.aud = aud
        self.iss = iss
        self.jti = jti
        self.cnf = cnf
        self.groups = groups
    }

    enum CodingKeys: String, CodingKey {
        case active, scope, username, exp, iat, sub, aud, iss, jti, cnf, groups
        case clientID = "client_id"
        case tokenType = "token_type"
    }
}
