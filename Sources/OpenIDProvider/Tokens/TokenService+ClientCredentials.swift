import Foundation
package import IdentityProtocol
package import IdentityStorage
package import IdentityServerCore
import Prometheus
import RealmKeys

/// The client credentials grant (RFC 6749 §4.4): a confidential client acting for itself gets
/// an access token whose subject is the client, with the scopes its application allows that
/// are not about a user. No refresh token, no ID token (§4.4.3). With a DPoP proof, the token is
/// bound to its key.
extension TokenService {
    package func clientCredentials(
        _ form: FormParameters, application: ApplicationRecord, proof: DPoPProof?
    ) async throws -> TokenEndpointResponse {
        guard application.clientType == .confidential else {
            throw ServerError(OAuthErrorCode.unauthorizedClient, "only confidential clients may use client_credentials")
        }
        let allowed = application.allowedScopes.filter { !Scopes.user.contains($0) }
        let requested = try form.single("scope").map(Scopes.parse)
        let scopes = requested.map { $0.filter(allowed.contains) } ?? allowed
        if let requested, !requested.isEmpty, scopes.isEmpty {
            throw ServerError(OAuthErrorCode.invalidScope, "none of the requested scopes is allowed for this client")
        }
        let scope = scopes.joined(separator: " ")
        let stamp = stamp(application)
        let (accessToken, jti) = try await signAccessToken(
            subject: application.clientID, scope: scope, authTime: nil, application: application, stamp: stamp,
            signer: try await keyring.signer(realmID: application.realmID), boundTo: proof?.thumbprint)
        try await store.recordIssuance(TokenIssuance(
            accessTokens: [IssuedTokenRecord(
                jti: jti, grant: .clientCredentials, codeHash: nil, sessionID: nil, expiresAt: stamp.expires, revokedAt: nil,
                tokenHash: Secrets.hash(accessToken))],
            auditEvents: [try audit.event(
                "token.issued", tenantID: application.tenantID, realmID: application.realmID, subjectID: application.clientID,
                detail: ["client_id": application.clientID, "jti": jti,
                         "grant_type": ApplicationRecord.GrantType.clientCredentials.rawValue])]))
        metrics.tokensIssued.increment()
        return TokenEndpointResponse(
            accessToken: accessToken, tokenType: Self.tokenType(boundTo: proof?.thumbprint), expiresIn: Int(lifetimes.token), idToken: nil,
            scope: scope.isEmpty ? nil : scope)
    }
}
