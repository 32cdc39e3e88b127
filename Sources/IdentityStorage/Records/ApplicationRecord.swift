public import Foundation

/// An application: an OAuth client with an embedded authenticator config.
public struct ApplicationRecord: Sendable, Equatable, Identifiable {
    public var id: String
    public var tenantID: String
    public var realmID: String
    /// Globally unique.
    public var clientID: String
    public var displayName: String
    /// `confidential` or `public`.
    public var clientType: ClientType
    /// `client_secret_basic`, `client_secret_post` or `none`.
    public var tokenEndpointAuthMethod: TokenEndpointAuthMethod
    /// SHA-256 of the client secret; `nil` for public clients.
    public var clientSecretHash: Data?
    /// SHA-256 of the secret the last rotation replaced, accepted until
    /// ``previousClientSecretExpiresAt``; `nil` when there is none.
    public var previousClientSecretHash: Data?
    /// When the previous secret stops working.
    public var previousClientSecretExpiresAt: Date?
    /// Exact-match list.
    public var redirectURIs: [String]
    /// Where `/authorize` sends the user (the embedded authenticator's invoke URL).
    public var invokeURL: String
    public var allowedScopes: [String]
    /// The grants it may use at the token endpoint.
    public var grantTypes: [GrantType]
    /// How long a sign-in can be renewed with refresh tokens, however often it is.
    public var refreshTokenLifetime: TimeInterval
    /// How long a refresh token lasts unused.
    public var refreshTokenIdleLifetime: TimeInterval
    /// Browser origins (`scheme://host[:port]`) whose scripts may call the token, userinfo,
    /// revocation, introspection, discovery and JWKS endpoints (CORS).
    public var allowedOrigins: [String]
    /// Exact-match list of where RP-initiated logout may send the user back.
    public var postLogoutRedirectURIs: [String]
    /// How its ID tokens are signed (`id_token_signed_response_alg`); access tokens are ES256.
    public var idTokenSigningAlgorithm: SigningAlgorithm
    /// Whether its token requests must carry a DPoP proof, so that every access token it gets
    /// is bound to a key (RFC 9449 §5.2, `dpop_bound_access_tokens`).
    public var dpopBoundAccessTokens: Bool
    /// The ways its users may sign in from a browser, in ``SignInMethod/known``'s order.
    public var signInMethods: [SignInMethod]
    /// Whether a sign-in by emailed code may get a token that binds a new credential for the identity.
    public var emailCodeBinding: Bool
    /// How `/authorize` hands a same-device sign-in to the embedded authenticator.
    public var invocationType: InvocationType
    public var createdAt: Date
    public var updatedAt: Date

    /// Creates a record.
    public init(
        id: String, tenantID: String, realmID: String, clientID: String, displayName: String,
        clientType: ClientType, tokenEndpointAuthMethod: TokenEndpointAuthMethod, clientSecretHash: Data?,
        redirectURIs: [String], invokeURL: String, allowedScopes: [String],
        grantTypes: [GrantType] = ApplicationRecord.defaultGrantTypes,
        refreshTokenLifetime: TimeInterval = ApplicationRecord.defaultRefreshTokenLifetime,
        refreshTokenIdleLifetime: TimeInterval = ApplicationRecord.defaultRefreshTokenIdleLifetime,
        allowedOrigins: [String] = [], postLogoutRedirectURIs: [String] = [],
        idTokenSigningAlgorithm: SigningAlgorithm = .es256, previousClientSecretHash: Data? = nil,
        previousClientSecretExpiresAt: Date? = nil, dpopBoundAccessTokens: Bool = false,
        signInMethods: [SignInMethod] = [.sameDevice], emailCodeBinding: Bool = false,
        invocationType: InvocationType = .automatic, createdAt: Date, updatedAt: Date
    ) {
        self.id = id
        self.tenantID = tenantID
        self.realmID = realmID
        self.clientID = clientID
        self.displayName = displayName
        self.clientType = clientType
        self.tokenEndpointAuthMethod = tokenEndpointAuthMethod
        self.clientSecretHash = clientSecretHash
        self.redirectURIs = redirectURIs
        self.invokeURL = invokeURL
        self.allowedScopes = allowedScopes
        self.grantTypes = grantTypes
        self.refreshTokenLifetime = refreshTokenLifetime
        self.refreshTokenIdleLifetime = refreshTokenIdleLifetime
        self.allowedOrigins = allowedOrigins
        self.postLogoutRedirectURIs = postLogoutRedirectURIs
        self.idTokenSigningAlgorithm = idTokenSigningAlgorithm
        self.previousClientSecretHash = previousClientSecretHash
        self.previousClientSecretExpiresAt = previousClientSecretExpiresAt
        self.dpopBoundAccessTokens = dpopBoundAccessTokens
        self.signInMethods = signInMethods
        self.emailCodeBinding = emailCodeBinding
        self.invocationType = invocationType
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }

    /// Whether its users may sign in with `method`.
    public func offers(_ method: SignInMethod) -> Bool { signInMethods.contains(method) }

    /// Whether `/authorize` shows the hosted sign-in page (a passkey, or the QR code for the
    /// app on another device) rather than handing the sign-in to the app on this device.
    public var signsInOnHostedPage: Bool { offers(.passkey) || offers(.crossDevice) }

    /// Sign-in, renewed by refresh tokens.
    public static let defaultGrantTypes: [GrantType] = [.authorizationCode, .refreshToken]
    /// 30 days.
    public static let defaultRefreshTokenLifetime: TimeInterval = 30 * 86_400
    /// 15 days.
    public static let defaultRefreshTokenIdleLifetime: TimeInterval = 15 * 86_400
}
