import Foundation
import IdentityProtocol
import IdentityStorage
import JWTKit

/// The token endpoint (RFC 6749 §4.1.3, OIDC Core §3.1.3) and `/userinfo` (OIDC Core §5.3).
/// One handler owns client authentication, code redemption, PKCE and token issuance, so no
/// step can be skipped. A code is validated first and spent last: a wrong request (client,
/// redirect URI, verifier) leaves it usable, and spending it records the issued tokens in the
/// same transaction, so a replay always finds them to revoke.
struct TokenService {
    let store: any IdentityStore
    let keyring: RealmKeyring
    let audit: AuditLog
    let metrics: ServerMetrics
    let lifetimes: ServerConfiguration.Lifetimes
    let baseURL: PublicBaseURL
    let now: @Sendable () -> Date

    /// Exchanges an authorization code for tokens.
    func exchange(
        _ form: FormParameters, authorization: String?, tenantID: String, realmID: String
    ) async throws -> TokenEndpointResponse {
        let application = try await ClientAuthentication(store: store)
            .authenticate(form: form, authorization: authorization, tenantID: tenantID, realmID: realmID)
        guard let grantType = try form.single("grant_type") else { throw ServerError.invalidRequest("grant_type is missing") }
        guard grantType == "authorization_code" else {
            throw ServerError(OAuthErrorCode.unsupportedGrantType, "only authorization_code is supported")
        }
        guard let code = try form.single("code") else { throw ServerError.invalidRequest("code is missing") }
        let redirectURI = try form.single("redirect_uri")
        let verifier = try form.single("code_verifier")

        let now = now()
        let codeHash = Secrets.hash(code)
        guard let record = try await store.authorizationCode(hash: codeHash) else { throw Self.invalidGrant("the code is unknown") }
        guard record.applicationID == application.id else { throw Self.invalidGrant("the code was issued to another client") }
        if record.usedAt != nil { throw try await replayed(record, now: now) }
        guard record.expiresAt > now else { throw Self.invalidGrant("the code has expired") }
        guard redirectURI == record.redirectURI else { throw Self.invalidGrant("redirect_uri does not match the authorization request") }
        try Self.checkPKCE(verifier: verifier, challenge: record.codeChallenge)
        guard let identity = try await store.identity(id: record.identityID), identity.status == .active else {
            throw Self.invalidGrant("the identity is no longer active")
        }
        let (response, issued) = try await signTokens(for: record, application: application, now: now)
        switch try await store.redeemAuthorizationCode(hash: codeHash, now: now, issuing: [issued]) {
        case .redeemed:
            metrics.tokensIssued.increment()
            try await audit.record(
                "token.issued", tenantID: application.tenantID, realmID: application.realmID, subjectID: record.identityID,
                detail: ["client_id": application.clientID, "jti": issued.jti])
            return response
        case .alreadyUsed(let used):
            throw try await replayed(used, now: now)
        case .notFound:
            throw Self.invalidGrant("the code is unknown")
        }
    }

    /// A code presented again: revokes what its first use issued (RFC 6749 §4.1.2) and
    /// returns the error to answer.
    private func replayed(_ record: AuthorizationCodeRecord, now: Date) async throws -> ServerError {
        let revoked = try await store.revokeTokens(issuedFromCode: record.codeHash, at: now)
        metrics.codeReplays.increment()
        try await audit.record(
            "authorization_code.replayed", tenantID: nil, realmID: record.realmID, subjectID: record.identityID,
            detail: ["revoked_tokens": String(revoked)])
        return Self.invalidGrant("the code has already been used")
    }

    /// RFC 7636 §4.6; a verifier without a challenge is refused too (RFC 9700 §2.1.1).
    private static func checkPKCE(verifier: String?, challenge: String?) throws {
        switch (challenge, verifier) {
        case (nil, nil):
            return
        case (nil, .some):
            throw invalidGrant("code_verifier given, but the authorization request had no code_challenge")
        case (.some, nil):
            throw invalidGrant("code_verifier is missing")
        case (.some(let challenge), .some(let verifier)):
            guard PKCES256.isWellFormedVerifier(verifier),
                  Secrets.constantTimeEquals(Data(PKCES256.challenge(for: verifier).utf8), Data(challenge.utf8))
            else { throw invalidGrant("code_verifier does not match the code_challenge") }
        }
    }

    /// The tokens a validated code earns, and the record of the access token to store with the code's redemption.
    private func signTokens(
        for code: AuthorizationCodeRecord, application: ApplicationRecord, now: Date
    ) async throws -> (TokenEndpointResponse, IssuedTokenRecord) {
        let issuer = baseURL.issuer(tenantID: application.tenantID, realmID: application.realmID)
        // NumericDate claims in whole seconds, as most verifiers expect.
        let now = Date(timeIntervalSince1970: now.timeIntervalSince1970.rounded(.down))
        let signer = try await keyring.signer(realmID: code.realmID)
        let lifetime = lifetimes.token
        let expires = now.addingTimeInterval(lifetime)
        let accessJTI = Secrets.identifier()
        let accessToken = try await signer.sign(
            AccessTokenClaims(
                iss: .init(value: issuer), sub: .init(value: code.identityID), aud: .init(value: [issuer]),
                exp: .init(value: expires), iat: .init(value: now), jti: .init(value: accessJTI),
                clientID: application.clientID, scope: code.scope, authTime: Int64(code.authTime.timeIntervalSince1970)),
            type: AccessTokenClaims.type)
        var idToken: String?
        if code.scope.split(separator: " ").contains("openid") {
            idToken = try await signer.sign(
                IDTokenClaims(
                    iss: .init(value: issuer), sub: .init(value: code.identityID), aud: .init(value: [application.clientID]),
                    exp: .init(value: expires), iat: .init(value: now),
                    authTime: Int64(code.authTime.timeIntervalSince1970), nonce: code.nonce,
                    azp: application.clientID, amr: ["pop"], jti: .init(value: Secrets.identifier())),
                type: "JWT")
        }
        let response = TokenEndpointResponse(
            accessToken: accessToken, tokenType: "Bearer", expiresIn: Int(lifetime), idToken: idToken, scope: code.scope)
        return (response, IssuedTokenRecord(jti: accessJTI, codeHash: code.codeHash, expiresAt: expires, revokedAt: nil))
    }

    /// The claims `/userinfo` returns for a valid, unrevoked access token of this issuer.
    func userInfo(bearer authorization: String?, tenantID: String, realmID: String) async throws -> UserInfo {
        guard let authorization, authorization.lowercased().hasPrefix("bearer ") else {
            throw ServerError.invalidToken("a Bearer access token is required")
        }
        let token = String(authorization.dropFirst(7)).trimmingCharacters(in: .whitespaces)
        let check = AccessTokenCheck(store: store, keyring: keyring, baseURL: baseURL, now: now)
        guard let (claims, identity) = try await check.active(token, tenantID: tenantID, realmID: realmID) else {
            throw ServerError.invalidToken("the access token is invalid, expired, revoked or not for this issuer")
        }
        let scopes = Set(claims.scope.split(separator: " ").map(String.init))
        return UserInfo(
            sub: identity.id,
            preferredUsername: scopes.contains("profile") ? identity.username : nil,
            name: scopes.contains("profile") ? identity.displayName : nil,
            email: scopes.contains("email") ? identity.email : nil)
    }

    private static func invalidGrant(_ description: String) -> ServerError {
        ServerError(OAuthErrorCode.invalidGrant, description)
    }
}

/// The `/userinfo` response (OIDC Core §5.3.2); claims beyond `sub` follow the granted scopes.
struct UserInfo: Codable, Equatable {
    let sub: String
    let preferredUsername: String?
    let name: String?
    let email: String?

    enum CodingKeys: String, CodingKey {
        case sub, name, email
        case preferredUsername = "preferred_username"
    }
}
