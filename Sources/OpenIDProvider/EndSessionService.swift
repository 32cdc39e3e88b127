package import Foundation
import IdentityProtocol
import IdentityStorage
import JWTKit
package import IdentityServerCore
package import RealmKeys

/// RP-initiated logout (OpenID Connect RP-Initiated Logout 1.0). The provider keeps no browser
/// session — every sign-in is a device's signature —, so logging out ends what the sign-in
/// named by `id_token_hint` issued: its session, refresh tokens and access tokens. A
/// `post_logout_redirect_uri` must exactly match one the client registered; an unverifiable
/// hint or an unregistered URI is refused and never redirected to.
package struct EndSessionService {
    package let store: any ProviderStore
    package let keyring: RealmKeyring
    package let audit: AuditLog
    package let baseURL: PublicBaseURL
    package let now: @Sendable () -> Date

    /// Where the user goes once signed out.
    package enum Outcome: Equatable {
        /// Back to the client's registered URI, with its `state`.
        case redirect(String)
        /// No URI given: a page that says so.
        case signedOut
    }

    /// Ends the session the request names and says where to go.
    package func endSession(_ parameters: FormParameters, tenantID: String, realmID: String) async throws -> Outcome {
        guard let realm = try await store.realm(id: realmID), realm.tenantID == tenantID else {
            throw ServerError.notFound("no such issuer")
        }
        let hint = try await verifiedHint(try parameters.single("id_token_hint"), tenantID: tenantID, realmID: realmID)
        let clientID = try parameters.single("client_id")
        if let hint, let clientID, !hint.aud.value.contains(clientID) {
            throw ServerError.invalidRequest("client_id is not an audience of id_token_hint")
        }
        let application = try await client(clientID ?? hint?.azp, realmID: realmID)
        let redirectURI = try parameters.single("post_logout_redirect_uri")
        if let redirectURI {
            guard let application else {
                throw ServerError.invalidRequest("post_logout_redirect_uri needs id_token_hint or client_id")
            }
            guard application.postLogoutRedirectURIs.contains(redirectURI) else {
                throw ServerError.invalidRequest("post_logout_redirect_uri is not registered for this client")
            }
        }
        if let hint, let application, let sessionID = hint.sid, let session = try await store.session(id: sessionID),
           session.applicationID == application.id, session.identityID == hint.sub.value,
           try await store.revokeSession(id: session.id, at: now(), audit: nil) {
            try await audit.record(
                "session.revoked", tenantID: tenantID, realmID: realmID, subjectID: session.identityID,
                detail: ["client_id": application.clientID, "session_id": session.id, "by": "logout"])
        }
        guard let redirectURI else { return .signedOut }
        return .redirect(try AuthorizationRedirect.url(redirectURI, parameters: [("state", try parameters.single("state"))]))
    }

    /// The hint's claims: an ID token this issuer signed, expired or not (§2: the OP may
    /// accept expired hints). Anything else is `400 invalid_request`.
    private func verifiedHint(_ hint: String?, tenantID: String, realmID: String) async throws -> IDTokenClaims? {
        guard let hint else { return nil }
        let claims: IDTokenClaims
        do {
            claims = try await keyring.verify(hint, as: IDTokenClaims.self, type: IDTokenClaims.type, realmID: realmID)
        } catch is RealmSigner.SignerError, is JWTError, is DecodingError {
            throw ServerError.invalidRequest("id_token_hint is not an ID token of this issuer")
        }
        guard claims.iss.value == baseURL.issuer(tenantID: tenantID, realmID: realmID) else {
            throw ServerError.invalidRequest("id_token_hint is not an ID token of this issuer")
        }
        return claims
    }

    private func client(_ clientID: String?, realmID: String) async throws -> ApplicationRecord? {
        guard let clientID else { return nil }
        guard let application = try await store.application(clientID: clientID), application.realmID == realmID else {
            throw ServerError.invalidRequest("unknown client_id")
        }
        return application
    }
}
