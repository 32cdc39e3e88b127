import Foundation

/// Creates or updates an application. On create, `display_name` and `client_type` are
/// required, and `redirect_uris` and `invoke_url` too when the application signs users in (the
/// `authorization_code` grant); `allowed_scopes` defaults to `openid profile email
/// offline_access`, `grant_types` to `authorization_code refresh_token`, the refresh lifetimes
/// to 30 days absolute and 15 days idle, `id_token_signed_response_alg` to `ES256`, `dpop_bound_access_tokens` to `false`; the auth method defaults to `client_secret_basic`
/// (confidential) or `none` (public). A confidential application without the
/// `authorization_code` grant is a service (client credentials) or a resource server
/// (introspection).
public struct ApplicationInput: Codable, Sendable, Equatable {
    public var displayName: String?
    public var clientType: String?
    public var tokenEndpointAuthMethod: String?
    public var redirectURIs: [String]?
    public var invokeURL: String?
    public var allowedScopes: [String]?
    /// `authorization_code`, `refresh_token`, `client_credentials`.
    public var grantTypes: [String]?
    /// Seconds a sign-in can be renewed with refresh tokens, however often.
    public var refreshTokenLifetime: Int?
    /// Seconds a refresh token lasts unused.
    public var refreshTokenIdleLifetime: Int?
    /// Browser origins (`https://app.example`) allowed to call the provider (CORS).
    public var allowedOrigins: [String]?
    /// Where RP-initiated logout may return the user, matched exactly.
    public var postLogoutRedirectURIs: [String]?
    /// `ES256`, or `RS256` for a relying party that cannot verify ES256 (OpenID Connect
    /// Dynamic Client Registration §2).
    public var idTokenSignedResponseAlg: String?
    /// Whether every token request must carry a DPoP proof, binding every access token to a
    /// key (RFC 9449 §5.2); default `false`: a proof is optional.
    public var dpopBoundAccessTokens: Bool?
    /// The ways users may sign in from a browser (``SignInMethod``; default `same_device`):
    /// `passkey`, `cross_device`, `same_device`, `email_code` (which needs `same_device`).
    public var signInMethods: [String]?
    /// Retired: `sign_in_methods` replaced it. The server refuses a request that sets it.
    public var signInDevices: String?
    /// Retired: `sign_in_methods` (`email_code`) replaced it. The server refuses a request that sets it.
    public var emailCodes: Bool?
    /// Whether a sign-in by emailed code may bind a new credential (default `false`).
    public var emailCodeBinding: Bool?
    /// `automatic` (default: `/authorize` redirects to the invoke URL) or `manual` (it answers
    /// JSON `{"authenticate_url": …}`).
    public var invocationType: String?

    /// Creates an input.
    public init(
        displayName: String? = nil, clientType: String? = nil, tokenEndpointAuthMethod: String? = nil,
        redirectURIs: [String]? = nil, invokeURL: String? = nil, allowedScopes: [String]? = nil,
        grantTypes: [String]? = nil, refreshTokenLifetime: Int? = nil, refreshTokenIdleLifetime: Int? = nil,
        allowedOrigins: [String]? = nil, postLogoutRedirectURIs: [String]? = nil, idTokenSignedResponseAlg: String? = nil,
        dpopBoundAccessTokens: Bool? = nil, signInMethods: [String]? = nil,
        emailCodeBinding: Bool? = nil, invocationType: String? = nil
    ) {
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
    }

    enum CodingKeys: String, CodingKey {
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
        case signInDevices = "sign_in_devices"
        case emailCodes = "email_codes"
        case emailCodeBinding = "email_code_binding"
        case invocationType = "invocation_type"
    }
}
