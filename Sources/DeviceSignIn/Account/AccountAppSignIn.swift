package import Foundation
import IdentityProtocol
package import IdentityStorage
package import IdentityServerCore
import OpenIDProvider

/// Signing in to a realm's account page with the app on another device: the page sends the
/// browser to its realm's `/authorize` as the page's own application (``AccountApplication``)
/// with PKCE, the hosted page shows the QR code the app approves, and the page redeems the code
/// it comes back with for a session of its own. The browser keeps one random secret (a cookie)
/// from which the request's `state` and PKCE verifier both come, so nothing is stored before
/// the sign-in ends, and only the browser that started it can finish it.
package struct AccountAppSignIn {
    /// How long a started sign-in may take (the hosted page's own limit is shorter).
    package static let lifetime: TimeInterval = 30 * 60

    package let store: any DeviceSignInStore & AccountSessionStore
    package let audit: AuditLog
    package let baseURL: PublicBaseURL
    package let now: @Sendable () -> Date

    /// Starts a sign-in to `realm`'s page: returns the browser's secret (for its cookie) and the
    /// authorization request to send it to. The page's application is made if it is missing, and
    /// set right if what the page needs of it changed (its redirect URI follows the public base
    /// URL); either is audited as an administrator's change would be, with `"by": "account"`.
    package func start(_ realm: RealmRecord) async throws -> (secret: String, authorize: String) {
        let callback = Self.callback(of: realm, baseURL)
        let needed = AccountApplication.record(for: realm, callback: callback, now: now())
        if let existing = try await store.application(id: needed.id) {
            if let repaired = AccountApplication.repaired(existing, needed) {
                try await store.updateApplication(repaired, audit: try event("admin.application.updated", realm))
            }
        } else {
            do {
                try await store.createApplication(needed, audit: try event("admin.application.created", realm))
            } catch let error as StorageError where error == .alreadyExists {
                // Another request made it meanwhile.
            }
        }
        let secret = Secrets.token()
        let authorize = try AuthorizationRedirect.url(baseURL.issuer(tenantID: realm.tenantID, realmID: realm.id) + ProviderPath.authorize, parameters: [
            ("response_type", "code"), ("client_id", AccountApplication.id(of: realm.id)), ("redirect_uri", callback),
            ("scope", "openid"), ("state", Self.state(of: secret)), ("code_challenge", PKCES256.challenge(for: secret)),
            ("code_challenge_method", PKCES256.method),
        ])
        return (secret, authorize)
    }

    /// Finishes the sign-in the browser holding `secret` started, with the `code` and `state`
    /// the hosted page sent it back with: the code must be the page's application's, for this
    /// realm, unused, unexpired, bound to the secret (PKCE), and signed by a credential and
    /// identity still active. Opens a session (the former one, `former`, ends) and returns its
    /// cookie's secret; audited as `account.signed_in`. `400` for anything else.
    package func finish(
        _ realm: RealmRecord, code: String?, state: String?, secret: String?, former: String?, from browser: RequestSource
    ) async throws -> String {
        guard let secret, let state, Secrets.constantTimeEquals(Data(Self.state(of: secret).utf8), Data(state.utf8)) else {
            throw ServerError.invalidRequest("this sign-in was not started in this browser, or took too long: start again")
        }
        let now = now()
        guard let code, !code.isEmpty, code.utf8.count <= 256,
              let (record, standing, _) = try await store.authorizationCodeWithStanding(hash: Secrets.hash(code)),
              record.applicationID == AccountApplication.id(of: realm.id), record.realmID == realm.id, record.usedAt == nil,
              record.expiresAt > now, record.redirectURI == Self.callback(of: realm, baseURL),
              let challenge = record.codeChallenge,
              Secrets.constantTimeEquals(Data(PKCES256.challenge(for: secret).utf8), Data(challenge.utf8)),
              standing?.credentialState == .active, standing?.identityStatus == .active, let credentialID = record.credentialID
        else { throw Self.refused }
        let (session, cookieSecret) = AccountService.newSession(
            identityID: record.identityID, credentialID: credentialID, authenticatedAt: record.authTime, realm: realm, from: browser,
            now: now)
        let event = try audit.event(
            "account.signed_in", tenantID: realm.tenantID, realmID: realm.id, subjectID: record.identityID,
            detail: AccountService.seen([
                "credential_id": credentialID, "account_session_id": session.id, "via": "cross_device",
                "amr": record.assurance.methods.joined(separator: " "), "acr": record.assurance.level,
            ], browser))
        do {
            try await store.openAccountSession(
                session, redeemingCode: record.codeHash, replacing: try await AccountService.replaced(former, in: realm, store: store), at: now,
                audit: event)
        } catch let error as StorageError where error == .alreadyExists {
            throw Self.refused
        }
        return cookieSecret
    }

    private func event(_ type: String, _ realm: RealmRecord) throws -> AuditEventRecord {
        try audit.event(type, tenantID: realm.tenantID, realmID: realm.id, subjectID: AccountApplication.id(of: realm.id), detail: ["by": "account"])
    }

    /// The page's callback: where the hosted page sends the browser back.
    package static func callback(of realm: RealmRecord, _ baseURL: PublicBaseURL) -> String {
        baseURL.issuer(tenantID: realm.tenantID, realmID: realm.id) + "/account/callback"
    }

    /// The request's `state`: a hash of the browser's secret (never the secret, which is the PKCE verifier).
    private static func state(of secret: String) -> String { PKCES256.challenge(for: "state." + secret) }

    private static let refused = ServerError.invalidRequest("this sign-in was used, has expired, or is not this page's: start again")
}
