package import Foundation
package import IdentityProtocol
import IdentityStorage
package import IdentityServerCore
import JWTKit
package import RealmKeys

/// Token revocation (RFC 7009) and introspection (RFC 7662), client-authenticated as the token
/// endpoint is. Both take refresh tokens and access tokens; `token_type_hint` is only a hint
/// (RFC 7009 §2.1), so a refresh token is looked for first, by its hash, then an access token.
package struct TokenStatusService {
    package let store: any ProviderStore
    package let keyring: RealmKeyring
    package let audit: AuditLog
    package let baseURL: PublicBaseURL
    package let now: @Sendable () -> Date

    /// Revokes a token of the authenticated client: a refresh token ends its whole session and
    /// the access tokens issued under it (RFC 7009 §2.1); an access token ends itself. Unknown,
    /// invalid, expired or already revoked tokens are answered like revoked ones (§2.2): the
    /// caller's goal is met.
    package func revoke(_ form: FormParameters, authorization: String?, tenantID: String, realmID: String) async throws {
        let application = try await authenticate(form, authorization, tenantID, realmID)
        let token = try requiredToken(form)
        if let (_, session) = try await store.refreshToken(hash: Secrets.hash(token)) {
            try requireOwn(session.applicationID == application.id)
            if try await store.revokeSession(id: session.id, at: now(), audit: nil) {
                try await audit.record(
                    "session.revoked", tenantID: tenantID, realmID: realmID, subjectID: session.identityID,
                    detail: ["client_id": application.clientID, "session_id": session.id, "by": "client"])
            }
            return
        }
        guard let claims = try await check.verified(token, tenantID: tenantID, realmID: realmID),
              claims.iss.value == baseURL.issuer(tenantID: tenantID, realmID: realmID)
        else { return }
        try requireOwn(claims.clientID == application.clientID)
        if try await store.revokeIssuedToken(jti: claims.jti.value, at: now()) {
            try await audit.record(
                "token.revoked", tenantID: tenantID, realmID: realmID, subjectID: claims.sub.value,
                detail: ["client_id": application.clientID, "jti": claims.jti.value])
        }
    }

    /// What a resource server may know of a token (RFC 7662 §2.2): `active:false` for anything
    /// expired, revoked, unknown, malformed or of another realm. Public clients cannot
    /// authenticate, so they cannot introspect (§2.1). A refresh token is active only to the
    /// client it was issued to (a confidential one, whose refresh tokens are never DPoP-bound).
    /// A DPoP-bound access token comes with its `cnf` (RFC 9449 §6.2), for the resource server
    /// to check the proof against.
    package func introspect(
        _ form: FormParameters, authorization: String?, tenantID: String, realmID: String
    ) async throws -> IntrospectionResponse {
        let application = try await authenticate(form, authorization, tenantID, realmID)
        guard application.clientType == .confidential else {
            throw ServerError.invalidClient("public clients cannot introspect tokens", triedBasic: false)
        }
        let token = try requiredToken(form)
        let issuer = baseURL.issuer(tenantID: tenantID, realmID: realmID)
        if let (record, session) = try await store.refreshToken(hash: Secrets.hash(token)) {
            let now = now()
            guard session.applicationID == application.id, record.usedAt == nil, record.expiresAt > now,
                  session.expiresAt > now, try await store.isUsable(session),
                  let identity = try await store.identity(id: session.identityID)
            else { return .inactive }
            return IntrospectionResponse(
                active: true, scope: session.scope, clientID: application.clientID, username: identity.username,
                exp: Int64(record.expiresAt.timeIntervalSince1970), iat: Int64(record.createdAt.timeIntervalSince1970),
                sub: identity.id, iss: issuer,
                groups: try await GroupsClaim.value(of: identity.id, scope: session.scope, store: store))
        }
        guard let active = try await check.active(token, tenantID: tenantID, realmID: realmID) else { return .inactive }
        let claims = active.claims
        let groups = if let identity = active.identity {
            try await GroupsClaim.value(of: identity.id, scope: claims.scope, store: store)
        } else { nil as [String]? }
        return IntrospectionResponse(
            active: true, scope: claims.scope, clientID: claims.clientID, username: active.identity?.username,
            tokenType: TokenService.tokenType(boundTo: claims.cnf?.jkt), exp: Int64(claims.exp.value.timeIntervalSince1970),
            iat: Int64(claims.iat.value.timeIntervalSince1970), sub: claims.sub.value, aud: claims.aud.value,
            iss: claims.iss.value, jti: claims.jti.value, cnf: claims.cnf,
            groups: groups)
    }

    private var check: AccessTokenCheck {
        AccessTokenCheck(store: store, keyring: keyring, baseURL: baseURL, now: now)
    }

    private func authenticate(
        _ form: FormParameters, _ authorization: String?, _ tenantID: String, _ realmID: String
    ) async throws -> ApplicationRecord {
        try await ClientAuthentication(store: store, now: now)
            .authenticate(form: form, authorization: authorization, tenantID: tenantID, realmID: realmID)
    }

    /// RFC 7009 §2.1: a client revokes only its own tokens.
    private func requireOwn(_ isOwn: Bool) throws {
        guard isOwn else { throw ServerError(OAuthErrorCode.unauthorizedClient, "the token was issued to another client") }
    }

    private func requiredToken(_ form: FormParameters) throws -> String {
        guard let token = try form.single("token"), !token.isEmpty else { throw ServerError.invalidRequest("token is missing") }
        return token
    }
}
