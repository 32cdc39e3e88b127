public import Foundation

/// An application: an OAuth client with an embedded authenticator.
public struct Application: Codable, Sendable, Equatable {
    public var id: String
    public var tenantID: String
    public var realmID: String
    public var clientID: String
    /// Only in the response that creates a confidential client: shown once, stored hashed.
    public var clientSecret: String?
    public var displayName: String
    /// `confidential` or `public`.
    public var clientType: ClientType
    /// `client_secret_basic`, `client_secret_post` or `none`.
    public var tokenEndpointAuthMethod: TokenEndpointAuthMethod
    public var redirectURIs: [String]
    /// Where `/authorize` sends the user: the embedded authenticator's invoke URL.
    public var invokeURL: String
    public var allowedScopes: [String]
    /// `authorization_code`, `refresh_token`, `client_credentials`.
    public var grantTypes: [GrantType]
    /// Seconds a sign-in can be renewed with refresh tokens.
    public var refreshTokenLifetime: Int
    /// Seconds a refresh token lasts unused.
    public var refreshTokenIdleLifetime: Int
    /// Browser origins allowed to call the provider (CORS).
    public var allowedOrigins: [String]
    /// Where RP-initiated logout may return the user.
    public var postLogoutRedirectURIs: [String]
    /// How its ID tokens are signed: `ES256` or `RS256`.
    public var idTokenSignedResponseAlg: JWSAlgorithm
    /// Whether every token request must carry a DPoP proof (RFC 9449 §5.2).
    public var dpopBoundAccessTokens: Bool
    /// The ways its users may sign in from a browser, in the order the hosted page offers them.
    public var signInMethods: [SignInMethod]
    /// Whether a sign-in by emailed code may bind a new credential (a lost device's way back).
    public var emailCodeBinding: Bool
    /// How `/authorize` hands a same-device sign-in to the app: a redirect, or JSON.
    public var invocationType: InvocationType
    /// The issuer to use with this client.
    public var issuer: String
    /// Until when the secret a rotation replaced still works; `nil` when none does.
    public var previousClientSecretExpiresAt: Date?
    public var createdAt: Date
    public var updatedAt: Date

    /// Creates an application value.
    public init(
        id: String, tenantID: String, realmID: String, clientID: String, clientSecret: String?, displayName: String,
        clientType: ClientType, tokenEndpointAuthMethod: TokenEndpointAuthMethod, redirectURIs: [String], invokeURL: String,
        allowedScopes: [String], grantTypes: [GrantType], refreshTokenLifetime: Int, refreshTokenIdleLifetime: Int,
        allowedOrigins: [String], postLogoutRedirectURIs: [String], idTokenSignedResponseAlg: JWSAlgorithm,
        dpopBoundAccessTokens: Bool = false, signInMethods: [SignInMethod] = [.sameDevice], emailCodeBinding: Bool = false,
        invocationType: InvocationType = .automatic, issuer: String, previousClientSecretExpiresAt: Date? = nil, createdAt: Date, updatedAt: Date
    ) {
        self.id = id
        self.tenantID = tenantID
        self.realmID = realmID
        self.clientID = clientID
        self.clientSecret = clientSecret
        self.displayName = displayName
        self.clientType = clientType
        self.tokenEndpointAuthMethod = tokenEndpointAuthMethod
        self.redirectURIs = redirectURIs
        self.invokeURL = invokeURL
        self.allowedScopes = allowedScopes
        self.grantTypes = grantTypes
        self.refreshTokenLifetime = refreshTokenLifetime
        self.refreshTokenIdleLifetime = refreshTokenIdleLifetime
        self.allowedOrigins = allowedOrigins
        self.postLogoutRedirectURIs = postLogoutRedirectURIs
        self.idTokenSignedResponseAlg = idTokenSignedResponseAlg
        self.dpopBoundAccessTokens = dpopBoundAccessTokens
        self.signInMethods = signInMethods
        self.emailCodeBinding = emailCodeBinding
        self.invocationType = invocationType
        self.issuer = issuer
        self.previousClientSecretExpiresAt = previousClientSecretExpiresAt
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }

    enum CodingKeys: String, CodingKey {
        case id, issuer
        case tenantID = "tenant_id"
        case realmID = "realm_id"
        case clientID = "client_id"
        case clientSecret = "client_secret"
        case previousClientSecretExpiresAt = "previous_client_secret_expires_at"
        case displayName = "display_name"
        case clientType = "client_type"
        case tokenEndpointAuthMethod = "token_endpoint_auth_method"
        case redirectURIs = "redirect_uris"
        case invokeURL = "invoke_url"
        case allowedScopes = "allowed_scopes"
        case grantTypes = "grant_types"
        case refreshTokenLifetime = "refresh_token_lifetime"
        case refreshTokenIdleLifetime = "refresh_token_idle_lifetime"
        case allowedOrigins = "allowed_origins"
        case postLogoutRedirectURIs = "post_logout_redirect_uris"
        case idTokenSignedResponseAlg = "id_token_signed_response_alg"
        case dpopBoundAccessTokens = "dpop_bound_access_tokens"
        case signInMethods = "sign_in_methods"
        case emailCodeBinding = "email_code_binding"
        case invocationType = "invocation_type"
        case createdAt = "created_at"
        case updatedAt = "updated_at"
    }
}
