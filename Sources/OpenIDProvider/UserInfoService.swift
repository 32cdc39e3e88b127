import Foundation
package import HTTPTypes
import IdentityProtocol
import IdentityStorage
package import IdentityServerCore

/// `/userinfo` (OIDC Core §5.3): the claims of the user an active access token stands for. A
/// bearer token comes as `Authorization: Bearer` (RFC 6750); a DPoP-bound one only as
/// `Authorization: DPoP` with a proof of its key (RFC 9449 §7).
package struct UserInfoService {
    package let check: AccessTokenCheck
    package let dpop: DPoPCheck
    package let baseURL: PublicBaseURL

    /// The claims the token's scopes release; `401 invalid_token` for a token that is not an
    /// active user's token of this issuer, or a bound token without a proof of its key;
    /// `403 insufficient_scope` for one granted without `openid` (OIDC Core §5.3: userinfo is
    /// an OpenID Connect resource).
    package func userInfo(_ headers: HTTPFields, method: HTTPRequest.Method, tenantID: String, realmID: String) async throws -> UserInfo {
        guard let (scheme, token) = AccessTokenScheme.parse(headers[.authorization]) else {
            // No credentials: a 401 that challenges both schemes (RFC 6750 §3, RFC 9449 §7.1).
            throw ServerError.invalidToken("an access token is required, as Authorization: Bearer or DPoP", alsoChallenging: Challenge.dpop())
        }
        let url = baseURL.issuer(tenantID: tenantID, realmID: realmID) + ProviderPath.userinfo
        let proof = scheme == .dpop
            ? try await dpop.proof(headers, method: method.rawValue, url: url, accessToken: token, at: .resource) : nil
        if scheme == .dpop, proof == nil { throw dpop.refusal(.invalidDPoPProof, "a DPoP proof is required", at: .resource) }
        guard let active = try await check.active(token, tenantID: tenantID, realmID: realmID) else {
            throw scheme.invalidToken("the access token is invalid, expired, revoked or not for this issuer")
        }
        switch (active.claims.cnf, proof) {
        case (nil, nil):
            break
        case (.some, nil):
            throw AccessTokenScheme.dpop.invalidToken("the access token is DPoP-bound: send it as Authorization: DPoP with a proof")
        case (nil, .some):
            throw AccessTokenScheme.bearer.invalidToken("the access token is a bearer token: send it as Authorization: Bearer")
        case (.some(let confirmation), .some(let proof)):
            guard confirmation.jkt == proof.thumbprint else {
                throw AccessTokenScheme.dpop.invalidToken("the DPoP proof is not of the key the access token is bound to")
            }
            try await dpop.spend(proof, at: .resource)
        }
        guard let identity = active.identity else {
            throw scheme.invalidToken("the access token stands for a client, not a user")
        }
        let scopes = Set(Scopes.parse(active.claims.scope))
        guard scopes.contains(Scopes.openID) else {
            throw ServerError.insufficientScope(
                "the access token was not granted the openid scope", needed: Scopes.openID, scheme: scheme.name)
        }
        return UserInfo(
            sub: identity.id,
            preferredUsername: scopes.contains(Scopes.profile) ? identity.username : nil,
            name: scopes.contains(Scopes.profile) ? identity.displayName : nil,
            email: scopes.contains(Scopes.email) ? identity.email : nil,
            groups: try await GroupsClaim.value(of: identity.id, scope: active.claims.scope, store: check.store))
    }
}
