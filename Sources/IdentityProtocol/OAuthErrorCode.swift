/// OAuth 2.0 / OpenID Connect error codes, as the specifications spell them.
public enum OAuthErrorCode: String, Sendable, CaseIterable {
    /// A parameter is missing, repeated, unsupported or malformed (RFC 6749 §4.1.2.1, §5.2).
    case invalidRequest = "invalid_request"
    /// The client may not use this grant or response type (RFC 6749 §4.1.2.1, §5.2).
    case unauthorizedClient = "unauthorized_client"
    /// The resource owner or the server denied the request (RFC 6749 §4.1.2.1).
    case accessDenied = "access_denied"
    /// The response type is not supported (RFC 6749 §4.1.2.1).
    case unsupportedResponseType = "unsupported_response_type"
    /// The scope is unknown, malformed or not allowed (RFC 6749 §4.1.2.1, §5.2).
    case invalidScope = "invalid_scope"
    /// The server failed unexpectedly (RFC 6749 §4.1.2.1).
    case serverError = "server_error"
    /// Client authentication failed (RFC 6749 §5.2).
    case invalidClient = "invalid_client"
    /// The grant (code, verifier, redirect URI) is invalid, expired, revoked or of another client (RFC 6749 §5.2).
    case invalidGrant = "invalid_grant"
    /// The grant type is not supported (RFC 6749 §5.2).
    case unsupportedGrantType = "unsupported_grant_type"
    /// The access token is expired, revoked, malformed or invalid (RFC 6750 §3.1).
    case invalidToken = "invalid_token"
    /// The access token lacks a scope the resource needs (RFC 6750 §3.1).
    case insufficientScope = "insufficient_scope"
    /// The DPoP proof is missing where required, malformed, or fails a check (RFC 9449 §5, §7.1).
    case invalidDPoPProof = "invalid_dpop_proof"
    /// The DPoP proof must carry the server's current nonce, sent in `DPoP-Nonce` (RFC 9449 §8, §9).
    case useDPoPNonce = "use_dpop_nonce"
    /// The end user must take part: no silent sign-in (OpenID Connect Core §3.1.2.6).
    case loginRequired = "login_required"
    /// The sign-in did not reach the assurance the client asked for (`acr_values`, an essential
    /// `acr`): OpenID Connect Core 1.0 errata set 2, §3.1.2.6.
    case unmetAuthenticationRequirements = "unmet_authentication_requirements"
}
