import Foundation
import IdentityStorage

/// `/userinfo` (OIDC Core §5.3): the claims of the user an active access token stands for.
struct UserInfoService {
    let check: AccessTokenCheck

    /// The claims the token's scopes release; `401 invalid_token` for a token that is not an
    /// active user's token of this issuer, `403 insufficient_scope` for one granted without
    /// `openid` (OIDC Core §5.3: userinfo is an OpenID Connect resource).
    func userInfo(bearer authorization: String?, tenantID: String, realmID: String) async throws -> UserInfo {
        guard let authorization, authorization.lowercased().hasPrefix("bearer ") else {
            throw ServerError.invalidToken("a Bearer access token is required")
        }
        let token = String(authorization.dropFirst(7)).trimmingCharacters(in: .whitespaces)
        guard let active = try await check.active(token, tenantID: tenantID, realmID: realmID) else {
            throw ServerError.invalidToken("the access token is invalid, expired, revoked or not for this issuer")
        }
        guard let identity = active.identity else {
            throw ServerError.invalidToken("the access token stands for a client, not a user")
        }
        let scopes = Set(Scopes.parse(active.claims.scope))
        guard scopes.contains(Scopes.openID) else {
            throw ServerError.insufficientScope("the access token was not granted the openid scope", needed: Scopes.openID)
        }
        return UserInfo(
            sub: identity.id,
            preferredUsername: scopes.contains(Scopes.profile) ? identity.username : nil,
            name: scopes.contains(Scopes.profile) ? identity.displayName : nil,
            email: scopes.contains(Scopes.email) ? identity.email : nil)
    }
}
