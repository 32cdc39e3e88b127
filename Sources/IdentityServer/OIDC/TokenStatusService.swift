import Foundation
import IdentityProtocol
import IdentityStorage

/// Token revocation (RFC 7009) and introspection (RFC 7662), client-authenticated as the token
/// endpoint is.
struct TokenStatusService {
    let store: any IdentityStore
    let keyring: RealmKeyring
    let audit: AuditLog
    let baseURL: PublicBaseURL
    let now: @Sendable () -> Date

    /// Revokes an access token of the authenticated client. Unknown, invalid, expired or already
    /// revoked tokens are answered like revoked ones (RFC 7009 §2.2): the caller's goal is met.
    func revoke(_ form: FormParameters, authorization: String?, tenantID: String, realmID: String) async throws {
        let application = try await ClientAuthentication(store: store)
            .authenticate(form: form, authorization: authorization, tenantID: tenantID, realmID: realmID)
        let token = try requiredToken(form)
        guard let claims = try await check.verified(token, tenantID: tenantID, realmID: realmID),
              claims.iss.value == baseURL.issuer(tenantID: tenantID, realmID: realmID)
        else { return }
        // RFC 7009 §2.1: a client revokes only its own tokens.
        guard claims.clientID == application.clientID else {
            throw ServerError(OAuthErrorCode.unauthorizedClient, "the token was issued to another client")
        }
        if try await store.revokeIssuedToken(jti: claims.jti.value, at: now()) {
            try await audit.record(
                "token.revoked", tenantID: tenantID, realmID: realmID, subjectID: claims.sub.value,
                detail: ["client_id": application.clientID, "jti": claims.jti.value])
        }
    }

    /// What a resource server may know of a token (RFC 7662 §2.2): `active:false` for anything
    /// expired, revoked, unknown, malformed or of another realm. Public clients cannot
    /// authenticate, so they cannot introspect (§2.1).
    func introspect(
        _ form: FormParameters, authorization: String?, tenantID: String, realmID: String
    ) async throws -> IntrospectionResponse {
        let application = try await ClientAuthentication(store: store)
            .authenticate(form: form, authorization: authorization, tenantID: tenantID, realmID: realmID)
        guard application.clientType == .confidential else {
            throw ServerError.invalidClient("public clients cannot introspect tokens", triedBasic: false)
        }
        let token = try requiredToken(form)
        guard let (claims, identity) = try await check.active(token, tenantID: tenantID, realmID: realmID) else {
            return .inactive
        }
        return IntrospectionResponse(
            active: true, scope: claims.scope, clientID: claims.clientID, username: identity.username, tokenType: "Bearer",
            exp: Int64(claims.exp.value.timeIntervalSince1970), iat: Int64(claims.iat.value.timeIntervalSince1970),
            sub: claims.sub.value, aud: claims.aud.value, iss: claims.iss.value, jti: claims.jti.value)
    }

    private var check: AccessTokenCheck {
        AccessTokenCheck(store: store, keyring: keyring, baseURL: baseURL, now: now)
    }

    private func requiredToken(_ form: FormParameters) throws -> String {
        guard let token = try form.single("token"), !token.isEmpty else { throw ServerError.invalidRequest("token is missing") }
        return token
    }
}
