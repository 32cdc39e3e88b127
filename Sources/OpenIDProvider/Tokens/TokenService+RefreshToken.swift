import Foundation
package import IdentityProtocol
package import IdentityStorage
package import IdentityServerCore
import Prometheus
import ServerTracing

/// The refresh token grant (RFC 6749 §6) with rotation: every use returns a new refresh token
/// and spends the old one; an old one presented again ends the whole session (RFC 9700
/// §4.14.2). A session lives only while the credential that signed in and its user do. A
/// public client's refresh tokens bound to a DPoP key need a proof of that key (RFC 9449 §5).
extension TokenService {
    package func refresh(
        _ form: FormParameters, application: ApplicationRecord, proof: DPoPProof?, from source: RequestSource
    ) async throws -> TokenEndpointResponse {
        guard let token = try form.single("refresh_token"), !token.isEmpty else {
            throw ServerError.invalidRequest("refresh_token is missing")
        }
        let now = now()
        let hash = Secrets.hash(token)
        guard let (record, session) = try await store.refreshToken(hash: hash) else {
            throw Self.invalidGrant("the refresh token is unknown")
        }
        guard session.applicationID == application.id else {
            throw Self.invalidGrant("the refresh token was issued to another client")
        }
        if application.clientType == .public {
            try checkBinding(of: session, to: proof)
        }
        Traces.linkCurrentSpan(to: session.traceparent, relation: "sign-in")
        if record.usedAt != nil { throw try await reused(session, now: now) }
        guard session.revokedAt == nil else { throw Self.invalidGrant("the session has ended") }
        guard record.expiresAt > now, session.expiresAt > now else { throw Self.invalidGrant("the refresh token has expired") }
        guard try await store.isUsable(session) else {
            throw Self.invalidGrant("the credential that signed in, or its user, is no longer active")
        }
        // Never more than was granted, nor than the application allows now (it may have changed).
        let scope = Scopes.grantable(try narrowedScope(try form.single("scope"), granted: session.scope), for: application)
            .joined(separator: " ")

        let (refreshToken, next) = newRefreshToken(session: session, application: application, now: now)
        let (response, issued) = try await mint(
            for: Subject(identityID: session.identityID, scope: scope, authTime: session.authTime, nonce: nil,
                         sessionID: session.id, assurance: session.assurance),
            application: application, grant: .refreshToken, codeHash: nil, refreshToken: refreshToken,
            boundTo: proof?.thumbprint)
        let issuance = TokenIssuance(
            refreshToken: next, accessTokens: [issued],
            auditEvents: [try issuedEvent("token.refreshed", session: session, application: application, jti: issued.jti)],
            source: source)
        switch try await store.rotateRefreshToken(hash: hash, now: now, issuing: issuance) {
        case .rotated:
            metrics.tokensIssued.increment()
            return response
        case .alreadyUsed(let session):
            throw try await reused(session, now: now)
        case .notFound:
            throw Self.invalidGrant("the session has ended")
        }
    }

    /// A public client's session is bound to a key from its code exchange on, or never
    /// (RFC 9449 §5). Checked before anything is spent, so a holder without the key changes
    /// nothing, not even by presenting a spent token. A proof for a bearer session is refused:
    /// binding it now would let whoever refreshes first (perhaps a thief) take the session.
    private func checkBinding(of session: SessionRecord, to proof: DPoPProof?) throws {
        switch (session.dpopBinding, proof) {
        case (nil, nil):
            return
        case (nil, .some):
            throw dpop.refusal(
                .invalidDPoPProof, "this sign-in's tokens are bearer tokens: refresh without a DPoP proof, or sign in with one",
                at: .token)
        case (.some, nil):
            throw dpop.refusal(.invalidDPoPProof, "the refresh token is bound to a DPoP key: send a proof of it", at: .token)
        case (.some(let binding), .some(let proof)):
            guard Secrets.constantTimeEquals(Data(proof.thumbprint.utf8), Data(binding.thumbprint.utf8)) else {
                throw dpop.refusal(.invalidDPoPProof, "the DPoP proof is not of the key the refresh token is bound to", at: .token)
            }
        }
    }

    /// A rotated refresh token presented again: one of its holders is not the client. Ends the
    /// session and everything it issued, and returns the error to answer.
    private func reused(_ session: SessionRecord, now: Date) async throws -> ServerError {
        let ended = try await store.revokeSession(id: session.id, at: now, audit: nil)
        metrics.refreshTokenReplays.increment()
        try await audit.record(
            "refresh_token.reused", tenantID: session.tenantID, realmID: session.realmID, subjectID: session.identityID,
            detail: ["session_id": session.id, "session_ended": String(ended)])
        return Self.invalidGrant("the refresh token has already been used; the session has ended")
    }

    /// The scope a refresh asks for: the granted one when omitted, never more (RFC 6749 §6).
    private func narrowedScope(_ requested: String?, granted: String) throws -> [String] {
        guard let requested else { return Scopes.parse(granted) }
        let asked = Scopes.parse(requested)
        let grantedValues = Scopes.parse(granted)
        guard !asked.isEmpty, asked.allSatisfy(grantedValues.contains) else {
            throw ServerError(OAuthErrorCode.invalidScope, "a refresh may only narrow the scope that was granted")
        }
        return asked
    }
}
