package import HTTPTypes
package import IdentityProtocol

extension OAuthErrorCode {
    /// The status an error with this code answers with at the token and userinfo endpoints
    /// (RFC 6749 §5.2: 400, and 401 for a failed client authentication; RFC 6750 §3.1: 401 for
    /// an invalid token, 403 for an insufficient scope), unless a caller says otherwise.
    package var status: HTTPResponse.Status {
        switch self {
        case .invalidClient, .invalidToken: .unauthorized
        case .accessDenied, .insufficientScope: .forbidden
        case .serverError: .internalServerError
        default: .badRequest
        }
    }
}
