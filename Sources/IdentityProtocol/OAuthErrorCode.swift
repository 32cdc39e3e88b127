/// OAuth 2.0 / OpenID Connect error codes (RFC 6749 §4.1.2.1, §5.2; RFC 6750 §3.1; OIDC Core §3.1.2.6).
public enum OAuthErrorCode {
    public static let invalidRequest = "invalid_request"
    public static let unauthorizedClient = "unauthorized_client"
    public static let accessDenied = "access_denied"
    public static let unsupportedResponseType = "unsupported_response_type"
    public static let invalidScope = "invalid_scope"
    public static let serverError = "server_error"
    public static let invalidClient = "invalid_client"
    public static let invalidGrant = "invalid_grant"
    public static let unsupportedGrantType = "unsupported_grant_type"
    public static let invalidToken = "invalid_token"
    public static let loginRequired = "login_required"
}
