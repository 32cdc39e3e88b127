import IdentityProtocol

/// How an access token is presented in `Authorization`; schemes compare without case
/// (RFC 9110 §11.1).
enum AuthorizationScheme: String {
    /// A bearer token (RFC 6750 §2.1).
    case bearer
    /// A DPoP-bound token with its proof (RFC 9449 §7.1).
    case dpop

    /// `401 invalid_token` with this scheme's challenge.
    func invalidToken(_ description: String) -> ServerError {
        switch self {
        case .bearer:
            return ServerError.invalidToken(description)
        case .dpop:
            let code = OAuthErrorCode.invalidToken
            return ServerError(code, description, headers: Challenge.headers(Challenge.dpop(error: code.rawValue, description: description)))
        }
    }
}
