package import IdentityProtocol
package import IdentityServerCore

extension AccessTokenScheme {
    /// `401 invalid_token` with this scheme's challenge.
    package func invalidToken(_ description: String) -> ServerError {
        switch self {
        case .bearer:
            return ServerError.invalidToken(description)
        case .dpop:
            let code = OAuthErrorCode.invalidToken
            return ServerError(code, description, headers: Challenge.headers(Challenge.dpop(error: code.rawValue, description: description)))
        }
    }
}
