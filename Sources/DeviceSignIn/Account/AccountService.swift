package import Foundation
package import IdentityProtocol
package import IdentityStorage
package import IdentityServerCore
import WebAuthn

/// A realm's account page, where people see their own passkeys, devices and sessions: signing
/// in with a passkey of the realm (the checks of every passkey sign-in, audited as one), the
/// page's session, and what it shows.
package struct AccountService {
    /// How long a session lives however active it is, and unused.
    package static let absoluteLifetime: TimeInterval = 12 * 3600
    package static let idleTimeout: TimeInterval = 30 * 60
    /// How recent a sign-in must be for revoking a credential.
    package static let freshProof: TimeInterval = 5 * 60

    package let store: any DeviceSignInStore & AccountSessionStore
    package let settings: PasskeySettings
    package let seal: PasskeyCeremonySeal
    package let audit: AuditLog
    package let baseURL: PublicBaseURL
    package let now: @Sendable () -> Date

    package init(
        store: any DeviceSignInStore & AccountSessionStore, settings: PasskeySettings, seal: PasskeyCeremonySeal, audit: AuditLog,
        baseURL: PublicBaseURL, now: @escaping @Sendable () -> Date
    ) {
        (self.store, self.settings, self.seal, self.audit, self.baseURL, self.now) = (store, settings, seal, audit, baseURL, now)
    }

    /// The realm the page is for; `404` for none under that tenant, or one whose page is off.
    package func realm(_ tenantID: String, _ realmID: String) async throws -> RealmRecord {
        guard let realm = try await store.realm(id: realmID), realm.tenantID == tenantID, realm.accountPage else {
            throw ServerError.notFound("no such account page")
        }
        return realm
    }

    /// Options for a passkey sign-in to the realm's page; nothing is written.
    package func options(_ realm: RealmRecord) throws -> PasskeySignInOptions {
        let party = PasskeySettings.relyingParty(for: baseURL, policy: realm.passkeyPolicy)
        return try PasskeySignInOptions.start(.account, of: realm.id, party: party, settings: settings, seal: seal, now: now())
    }

    /// Verifies the assertion and opens a session of its identity; returns the cookie's secret.
    /// A refusal is audited (`authentication.refused`) as on the sign-in page.
    /// A session the browser held already (`former`, its cookie's secret) ends: signing in again
    /// is how a person gives a fresh proof.
    package func signIn(
        _ realm: RealmRecord, _ request: PasskeySignInRequest, former: String?, from browser: AccountBrowser
    ) async throws -> String {
        guard let ceremony = seal.open(request.ceremony, now: now()), ceremony.isFor(.account, of: realm.id) else {
            throw ServerError.invalidRequest("the passkey request is not this page's or has expired: start again")
        }
        let party = PasskeySettings.relyingParty(for: baseURL, policy: realm.passkeyPolicy)
        let accepted: PasskeyAssertionCheck.Accepted
        do {
            accepted = try await PasskeyAssertionCheck(store: store).check(
                request.credential, realmID: realm.id, party: party, challenge: ceremony.challenge)
        } catch let refusal as PasskeyAssertionCheck.Refusal {
            await audit.recordRefusal(
                "authentication.refused", reason: refusal.reason, of: "account:\(realm.id)", tenantID: realm.tenantID, realmID: realm.id,
                subjectID: refusal.subject, detail: ["via": "passkey", "page": "account"])
            throw refusal.error
        }
        let (secret, now) = (Secrets.token(), now())
        let session = AccountSessionRecord(
            id: Secrets.identifier(), secretHash: Secrets.hash(secret), tenantID: realm.tenantID, realmID: realm.id,
            identityID: accepted.credential.identityID, credentialID: accepted.credential.id, authenticatedAt: now, createdAt: now,
            lastSeenAt: now, expiresAt: now.addingTimeInterval(Self.absoluteLifetime), address: browser.address,
            userAgent: browser.userAgent)
        let assurance = PasskeySignInService.assurance(accepted.passkey, accepted.verified)
        let event = try audit.event(
            "authentication.succeeded", tenantID: realm.tenantID, realmID: realm.id, subjectID: session.identityID,
            detail: [
                "credential_id": session.credentialID, "account_session_id": session.id, "via": "passkey", "page": "account",
                "amr": assurance.methods.joined(separator: " "), "acr": assurance.level,
            ])
        do {
            try await store.openAccountSession(session, passkeyUse: accepted.use, at: now, audit: event)
        } catch let error as StorageError where error == .alreadyExists {
            throw ServerError(APIErrorCode.invalidPasskey, "the passkey was used meanwhile: sign in again")
        }
        if let former, let replaced = try await store.accountSession(secretHash: Secrets.hash(former)), replaced.realmID == realm.id {
            try await store.deleteAccountSession(id: replaced.id, audit: nil)
        }
        return secret
    }

    /// The session of the realm's page whose cookie secret is `secret`, while it stands (its idle
    /// timeout starts again); `nil` for none, one of another realm, or one that ended.
    package func session(_ secret: String?, of realm: RealmRecord) async throws -> AccountSessionRecord? {
        guard let secret, let session = try await store.accountSession(secretHash: Secrets.hash(secret)),
              session.realmID == realm.id else { return nil }
        let now = now()
        guard session.expiresAt > now, session.lastSeenAt.addingTimeInterval(Self.idleTimeout) > now else { return nil }
        try await store.touchAccountSession(id: session.id, at: now)
        return session
    }

    /// What the page shows the session's identity; `nil` (signed out) once the identity is not
    /// active or the passkey that signed in was revoked.
    package func overview(_ session: AccountSessionRecord) async throws -> AccountOverview? {
        guard let identity = try await store.identity(id: session.identityID), identity.status == .active,
              try await store.credential(id: session.credentialID)?.state == .active
        else { return nil }
        let credentials = try await store.listCredentials(identityID: identity.id, PageRequest(size: 100)).items
        let passkeys = Dictionary(
            try await store.passkeys(credentialIDs: credentials.map(\.id)).map { ($0.credentialID, $0) }, uniquingKeysWith: { first, _ in first })
        func row(_ credential: CredentialRecord, name: String) -> AccountOverview.Credential {
            AccountOverview.Credential(
                id: credential.id, name: name, created: PageDate.text(credential.createdAt),
                lastUsed: PageDate.text(credential.lastUsedAt, none: "never"), state: credential.state.rawValue,
                current: credential.id == session.credentialID, active: credential.state == .active)
        }
        var applications: [String: String] = [:]
        var sessions: [AccountOverview.Session] = []
        for record in try await store.listSessions(identityID: identity.id, PageRequest(size: 100)).items
        where record.revokedAt == nil && record.expiresAt > now() {
            if applications[record.applicationID] == nil {
                applications[record.applicationID] = try await store.application(id: record.applicationID)?.displayName ?? "An application"
            }
            sessions.append(AccountOverview.Session(
                id: record.id, application: applications[record.applicationID] ?? "", started: PageDate.text(record.createdAt),
                lastRefreshed: PageDate.text(record.lastRefreshedAt, none: "never")))
        }
        return AccountOverview(
            username: identity.username, displayName: identity.displayName, email: identity.email,
            passkeys: credentials.filter { $0.kind == .passkey }.map { credential in
                // The provider's name where its AAGUID is known, else the name it was registered with.
                row(credential, name: passkeys[credential.id].flatMap { AuthenticatorNames.name(of: AuthenticatorNames.uuidText($0.aaguid)) }
                    ?? credential.deviceName ?? "Passkey")
            },
            devices: credentials.filter { $0.kind == .device }.map { row($0, name: $0.deviceName ?? "A device") },
            sessions: sessions)
    }

    /// Whether the session's sign-in is recent enough to revoke a credential.
    package func isFresh(_ session: AccountSessionRecord) -> Bool {
        now().timeIntervalSince(session.authenticatedAt) <= Self.freshProof
    }

    /// The identity's active credential `id`, and whether it is its last; `404` for any other.
    package func credential(_ id: String, of session: AccountSessionRecord) async throws -> (credential: CredentialRecord, last: Bool) {
        guard let credential = try await store.credential(id: id), credential.identityID == session.identityID,
              credential.state == .active
        else { throw ServerError.notFound("no such credential") }
        // A page of them is enough to tell: the last is the only active one.
        let listed = try await store.listCredentials(identityID: session.identityID, PageRequest(size: 100))
        return (credential, listed.items.filter { $0.state == .active }.count < 2 && listed.nextCursor == nil)
    }

    /// Revokes the identity's credential `id` (its sessions end with it), after a fresh proof
    /// (`403` without one), audited with the browser's address and agent.
    package func revokeCredential(_ id: String, of session: AccountSessionRecord, from browser: AccountBrowser) async throws {
        guard isFresh(session) else {
            throw ServerError(APIErrorCode.forbidden, "confirm it is you first: sign in again with your passkey")
        }
        let credential = try await credential(id, of: session).credential
        let event = try audit.event(
            "credential.revoked", tenantID: session.tenantID, realmID: session.realmID, subjectID: credential.id,
            detail: detail(session, from: browser))
        _ = try await store.revokeCredential(id: credential.id, at: now(), audit: event)
    }

    /// Ends the identity's application session `id`, audited.
    package func endSession(_ id: String, of session: AccountSessionRecord, from browser: AccountBrowser) async throws {
        guard let ended = try await store.session(id: id), ended.identityID == session.identityID else {
            throw ServerError.notFound("no such session")
        }
        try await revoke(ended, of: session, from: browser)
    }

    /// Ends every application session of the identity and its other account sessions: signed
    /// out everywhere but in this browser. Returns how many sessions ended.
    package func signOutEverywhereElse(_ session: AccountSessionRecord, from browser: AccountBrowser) async throws -> Int {
        var ended = try await store.deleteAccountSessions(identityID: session.identityID, except: session.id)
        var cursor: String?
        repeat {
            let page = try await store.listSessions(identityID: session.identityID, PageRequest(size: 100, cursor: cursor))
            for standing in page.items where standing.revokedAt == nil && standing.expiresAt > now() {
                try await revoke(standing, of: session, from: browser)
                ended += 1
            }
            cursor = page.nextCursor
        } while cursor != nil
        return ended
    }

    private func revoke(_ ended: SessionRecord, of session: AccountSessionRecord, from browser: AccountBrowser) async throws {
        let event = try audit.event(
            "session.revoked", tenantID: session.tenantID, realmID: session.realmID, subjectID: ended.id,
            detail: detail(session, from: browser))
        try await store.revokeSession(id: ended.id, at: now(), audit: event)
    }

    /// What every change made on the page records: where it was made, and from which browser.
    private func detail(_ session: AccountSessionRecord, from browser: AccountBrowser) -> [String: String] {
        var detail = ["by": "account", "account_session_id": session.id, "identity_id": session.identityID]
        detail["address"] = browser.address
        detail["user_agent"] = browser.userAgent
        return detail
    }

    /// Ends the session (signing out), audited.
    package func signOut(_ session: AccountSessionRecord) async throws {
        let event = try audit.event(
            "account.signed_out", tenantID: session.tenantID, realmID: session.realmID, subjectID: session.identityID,
            detail: ["account_session_id": session.id])
        try await store.deleteAccountSession(id: session.id, audit: event)
    }
}
