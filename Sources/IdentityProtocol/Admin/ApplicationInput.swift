import Foundation

/// Creates or updates an application. On create, `display_name`, `client_type`,
/// `redirect_uris` and `invoke_url` are required; `allowed_scopes` defaults to `openid`;
/// the auth method defaults to `client_secret_basic` (confidential) or `none` (public).
public struct ApplicationInput: Codable, Sendable, Equatable {
    public var displayName: String?
    public var clientType: String?
    public var tokenEndpointAuthMethod: String?
    public var redirectURIs: [String]?
    public var invokeURL: String?
    public var allowedScopes: [String]?

    /// Creates an input.
    public init(
        displayName: String? = nil, clientType: String? = nil, tokenEndpointAuthMethod: String? = nil,
        redirectURIs: [String]? = nil, invokeURL: String? = nil, allowedScopes: [String]? = nil
    ) {
        self.displayName = displayName
        self.clientType = clientType
        self.tokenEndpointAuthMethod = tokenEndpointAuthMethod
        self.redirectURIs = redirectURIs
        self.invokeURL = invokeURL
        self.allowedScopes = allowedScopes
    }

    enum CodingKeys: String, CodingKey {
        case displayName = "display_name"
        case clientType = "client_type"
        case tokenEndpointAuthMethod = "token_endpoint_auth_method"
        case redirectURIs = "redirect_uris"
        case invokeURL = "invoke_url"
        case allowedScopes = "allowed_scopes"
    }
}
