import Foundation
package import IdentityProtocol
package import IdentityStorage
package import IdentityServerCore
import Prometheus
import ServerTracing

/// The authorization code grant (RFC 6749 §4.1.3). A code is validated first and spent last: a
/// wrong request (client, redirect URI, verifier) leaves it usable, and spending it records the
/// session and tokens it earns in the same transaction, so a replay always finds them to revoke.
/// With a DPoP proof, the session records the key its tokens are bound to, and whether that key
/// is the credential's own.
extension TokenService {
    package func redeemCode(
        _ form: FormParameters, application: ApplicationRecord, proof: DPoPProof?, from source: RequestSource
    ) async throws -> TokenEndpointResponse {
        guard let code = try form.single("code") else { throw ServerError.invalidRequest("code is missing") }
        let redirectURI = try form.single("redirect_uri")
        let verifier = try form.single("code_verifier")

        let now = now()
        let codeHash = Secrets.hash(code)
        guard let (record, standing, certificateDER) = try await store.authorizationCodeWithStanding(hash: codeHash) else {
            throw Self.invalidGrant("the code is unknown")
        }
        guard record.applicationID == application.id else { throw Self.invalidGrant("the code was issued to another client") }
        if record.usedAt != nil { throw try await replayed(record, now: now) }
        guard record.expiresAt > now else { throw Self.invalidGrant("the code has expired") }
        guard redirectURI == record.redirectURI else { throw Self.invalidGrant("redirect_uri does not match the authorization request") }
        try Self.checkPKCE(verifier: verifier, challenge: record.codeChallenge)
        Traces.linkCurrentSpan(to: record.traceparent, relation: "sign-in")

        let refreshes = application.grantTypes.contains(.refreshToken)
        let session = SessionRecord(
            id: Secrets.identifier(), tenantID: application.tenantID, realmID: application.realmID,
            applicationID: application.id, identityID: record.identityID, credentialID: record.credentialID,
            scope: record.scope, authTime: record.authTime, codeHash: codeHash, createdAt: now,
            expiresAt: now.addingTimeInterval(refreshes ? application.refreshTokenLifetime : lifetimes.token),
            lastRefreshedAt: nil, revokedAt: nil,
            dpopBinding: binding(of: proof, credentialID: record.credentialID, certificateDER: certificateDER), assurance: record.assurance,
            lastSource: source, traceparent: record.traceparent)
        guard standing?.credentialState == .active, standing?.identityStatus == .active else {
            throw Self.invalidGrant("the credential that signed in, or its user, is no longer active")
        }
        let refresh = refreshes ? newRefreshToken(session: session, application: application, now: now) : nil
        let (response, issued) = try await mint(
            for: Subject(identityID: record.identityID, scope: record.scope, authTime: record.authTime, nonce: record.nonce,
                         sessionID: session.id, assurance: record.assurance),
            application: application, grant: .authorizationCode, codeHash: codeHash, refreshToken: refresh?.0,
            boundTo: proof?.thumbprint)
        let issuance = TokenIssuance(
            session: session, refreshToken: refresh?.1, accessTokens: [issued],
            auditEvents: [try issuedEvent("token.issued", session: session, application: application, jti: issued.jti)])
        switch try await store.redeemAuthorizationCode(hash: codeHash, now: now, issuing: issuance) {
        case .redeemed:
            metrics.tokensIssued.increment()
            return response
        case .alreadyUsed(let used):
            throw try await replayed(used, now: now)
        case .notFound:
            throw Self.invalidGrant("the code is unknown")
        }
    }

    /// What the tokens are bound to: the proof's key, which is the credential's own when its
    /// thumbprint is that of the key the credential's certificate (`certificateDER`) certifies.
    private func binding(of proof: DPoPProof?, credentialID: String?, certificateDER: Data?) -> DPoPBinding? {
        guard let proof else { return nil }
        let credentialKey = credentialID.flatMap { id in certificateDER.flatMap { pinnedKeys.key(credentialID: id, certificateDER: $0) } }
        return DPoPBinding(thumbprint: proof.thumbprint, key: credentialKey?.thumbprint == proof.thumbprint ? .credential : .client)
    }

    /// A code presented again: revokes what its first use issued (RFC 6749 §4.1.2) and
    /// returns the error to answer.
    private func replayed(_ record: AuthorizationCodeRecord, now: Date) async throws -> ServerError {
        let revoked = try await store.revokeTokens(issuedFromCode: record.codeHash, at: now)
        metrics.codeReplays.increment()
        let application = try await store.application(id: record.applicationID)
        try await audit.record(
            "authorization_code.replayed", tenantID: application?.tenantID, realmID: record.realmID,
            subjectID: record.identityID, detail: ["revoked_tokens": String(revoked)])
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
}
