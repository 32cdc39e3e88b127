package import Foundation
package import HTTPTypes
package import IdentityProtocol
package import IdentityStorage
import JWTKit
package import IdentityServerCore
package import RealmKeys

/// The token endpoint (RFC 6749 §3.2, OIDC Core §3.1.3). One handler authenticates the client,
/// checks that it may use the grant it names, and hands over to that grant; every grant mints
/// its tokens here, so no grant can skip a step. A request with a DPoP proof (RFC 9449) gets
/// tokens bound to the proof's key.
package struct TokenService {
    package let store: any ProviderStore
    package let keyring: RealmKeyring
    package let dpop: DPoPCheck
    /// The credentials' keys, shared with the device steps of sign-in, which read them first.
    package let pinnedKeys: PinnedKeys
    package let audit: AuditLog
    package let metrics: ServerMetrics
    package let lifetimes: ArtifactLifetimes
    /// How many proofs a public client's requests may have recorded.
    package let publicClientProofs: PublicClientProofLimits
    package let baseURL: PublicBaseURL
    package let now: @Sendable () -> Date

    package init(store: any ProviderStore, keyring: RealmKeyring, dpop: DPoPCheck, pinnedKeys: PinnedKeys, audit: AuditLog, metrics: ServerMetrics, lifetimes: ArtifactLifetimes, publicClientProofs: PublicClientProofLimits, baseURL: PublicBaseURL, now: @escaping @Sendable () -> Date) {
        self.store = store
        self.keyring = keyring
        self.dpop = dpop
        self.pinnedKeys = pinnedKeys
        self.audit = audit
        self.metrics = metrics
        self.lifetimes = lifetimes
        self.publicClientProofs = publicClientProofs
        self.baseURL = baseURL
        self.now = now
    }

    /// Answers a token request from `clientAddress`; `headers` carry the client's
    /// `Authorization` and `DPoP`.
    package func exchange(
        _ form: FormParameters, headers: HTTPFields, clientAddress: String?, tenantID: String, realmID: String
    ) async throws -> TokenEndpointResponse {
        let application = try await ClientAuthentication(store: store, now: now)
            .authenticate(form: form, authorization: headers[.authorization], tenantID: tenantID, realmID: realmID)
        guard let name = try form.single("grant_type") else { throw ServerError.invalidRequest("grant_type is missing") }
        guard let grant = ApplicationRecord.GrantType(rawValue: name) else {
            throw ServerError(OAuthErrorCode.unsupportedGrantType, "grant_type '\(name)' is not supported")
        }
        guard application.grantTypes.contains(grant) else {
            throw ServerError(OAuthErrorCode.unauthorizedClient, "this client may not use the \(name) grant")
        }
        let source = RequestSource(address: clientAddress, userAgent: headers[.userAgent])
        let tokenURL = baseURL.issuer(tenantID: tenantID, realmID: realmID) + ProviderPath.token
        let proof = try await dpop.proof(headers, method: "POST", url: tokenURL, at: .token)
        if let proof {
            // A public client's proofs are limited: anyone may send them, and each is recorded.
            let limiter = application.clientType == .public ? proofLimiter(for: application) : nil
            let attempt = limiter?.attempt(from: clientAddress)
            if let refused = try await dpop.spend(proof, at: .token, counting: attempt), let limiter, let attempt {
                throw limiter.refusal(refused, of: attempt)
            }
        }
        guard proof != nil || !application.dpopBoundAccessTokens else {
            throw dpop.refusal(.invalidDPoPProof, "this client's token requests must carry a DPoP proof", at: .token)
        }
        do {
            switch grant {
            case .authorizationCode: return try await redeemCode(form, application: application, proof: proof, from: source)
            case .refreshToken: return try await refresh(form, application: application, proof: proof, from: source)
            case .clientCredentials: return try await clientCredentials(form, application: application, proof: proof)
            }
        } catch let error as StorageError where error == .notFound {
            // What the grant refers to (a credential, a user) was deleted while it was being used.
            throw Self.invalidGrant("the grant refers to something that no longer exists")
        }
    }

    /// What a user's grant is about, for minting.
    package struct Subject {
        package let identityID: String
        package let scope: String
        package let authTime: Date
        package let nonce: String?
        package let sessionID: String
        /// What the sign-in proved: the ID token's `amr` and `acr`.
        package let assurance: SignInAssurance
    }

    /// Signs an access token (and an ID token when `openid` was granted) for a user of
    /// `application`, bound to the key with thumbprint `jkt` when there is one; returns the
    /// response and the record of the access token to store with the grant.
    package func mint(
        for subject: Subject, application: ApplicationRecord, grant: ApplicationRecord.GrantType, codeHash: Data?,
        refreshToken: String?, boundTo jkt: String?
    ) async throws -> (TokenEndpointResponse, IssuedTokenRecord) {
        let stamp = stamp(application)
        let signer = try await keyring.signer(realmID: application.realmID, signing: application.idTokenSigningAlgorithm)
        let authTime = Int64(subject.authTime.timeIntervalSince1970)
        let (accessToken, jti) = try await signAccessToken(
            subject: subject.identityID, scope: subject.scope, authTime: authTime, application: application, stamp: stamp,
            signer: signer, boundTo: jkt)
        var idToken: String?
        if Scopes.parse(subject.scope).contains(Scopes.openID) {
            idToken = try await signer.sign(
                IDTokenClaims(
                    iss: .init(value: stamp.issuer), sub: .init(value: subject.identityID),
                    aud: .init(value: [application.clientID]), exp: .init(value: stamp.expires), iat: .init(value: stamp.now),
                    authTime: authTime, nonce: subject.nonce, azp: application.clientID,
                    amr: subject.assurance.methods, acr: subject.assurance.level,
                    jti: .init(value: Secrets.identifier()), sid: subject.sessionID,
                    groups: try await GroupsClaim.value(of: subject.identityID, scope: subject.scope, store: store)),
                type: IDTokenClaims.type, algorithm: application.idTokenSigningAlgorithm)
        }
        let response = TokenEndpointResponse(
            accessToken: accessToken, tokenType: Self.tokenType(boundTo: jkt), expiresIn: Int(lifetimes.token), idToken: idToken,
            scope: subject.scope, refreshToken: refreshToken)
        let record = IssuedTokenRecord(
            jti: jti, grant: grant, codeHash: codeHash, sessionID: subject.sessionID, expiresAt: stamp.expires, revokedAt: nil,
            tokenHash: Secrets.hash(accessToken))
        return (response, record)
    }

    /// When and by whom tokens are issued: the issuer, the issue time in whole seconds (as most
    /// verifiers expect NumericDate claims) and the access token's expiry.
    package struct Stamp {
        package let issuer: String
        package let now: Date
        package let expires: Date
    }

    package func stamp(_ application: ApplicationRecord) -> Stamp {
        let now = Date(timeIntervalSince1970: now().timeIntervalSince1970.rounded(.down))
        return Stamp(
            issuer: baseURL.issuer(tenantID: application.tenantID, realmID: application.realmID), now: now,
            expires: now.addingTimeInterval(lifetimes.token))
    }

    /// Signs an access token (RFC 9068) about `subject` (a user, or the client itself) for the
    /// realm's own APIs, bound to the key with thumbprint `jkt` when there is one; returns it
    /// with its `jti`.
    package func signAccessToken(
        subject: String, scope: String, authTime: Int64?, application: ApplicationRecord, stamp: Stamp, signer: RealmSigner,
        boundTo jkt: String?
    ) async throws -> (token: String, jti: String) {
        let jti = Secrets.identifier()
        let token = try await signer.sign(
            AccessTokenClaims(
                iss: .init(value: stamp.issuer), sub: .init(value: subject), aud: .init(value: [stamp.issuer]),
                exp: .init(value: stamp.expires), iat: .init(value: stamp.now), jti: .init(value: jti),
                clientID: application.clientID, scope: scope, authTime: authTime, cnf: jkt.map(Confirmation.init(jkt:))),
            type: AccessTokenClaims.type)
        return (token, jti)
    }

    /// A new refresh token for `session` and its record: it lapses unused after the
    /// application's idle lifetime, never after the session's end.
    package func newRefreshToken(session: SessionRecord, application: ApplicationRecord, now: Date) -> (String, RefreshTokenRecord) {
        let token = Secrets.token()
        let expires = min(now.addingTimeInterval(application.refreshTokenIdleLifetime), session.expiresAt)
        return (token, RefreshTokenRecord(
            tokenHash: Secrets.hash(token), sessionID: session.id, createdAt: now, expiresAt: expires, usedAt: nil))
    }

    /// The audit event of tokens issued under `session`, written with them.
    package func issuedEvent(_ type: String, session: SessionRecord, application: ApplicationRecord, jti: String) throws -> AuditEventRecord {
        try audit.event(
            type, tenantID: session.tenantID, realmID: session.realmID, subjectID: session.identityID,
            detail: ["client_id": application.clientID, "jti": jti, "session_id": session.id])
    }

    /// `DPoP` for a bound token (RFC 9449 §5), `Bearer` otherwise.
    package static func tokenType(boundTo jkt: String?) -> String { jkt == nil ? "Bearer" : "DPoP" }

    package static func invalidGrant(_ description: String) -> ServerError {
        ServerError(OAuthErrorCode.invalidGrant, description)
    }
}

extension TokenService {
    /// The limit on the proofs a public client's requests may have recorded: per network and
    /// client, then per client, so that one network cannot spend every user's budget.
    package func proofLimiter(for application: ApplicationRecord) -> AttemptRateLimiter {
        AttemptRateLimiter(
            store: store, perAddressPerMinute: publicClientProofs.perAddressPerMinute,
            globalPerMinute: publicClientProofs.perClientPerMinute, now: now, bucket: "dpop:\(application.id)", attempts: "DPoP proofs")
    }
}
