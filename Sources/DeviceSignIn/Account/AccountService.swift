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
    /// The most credentials and sessions the page lists (the newest), and signing out
    /// everywhere else ends at once.
    package static let listed = 100
    /// Passkey sign-ins to account pages a network may attempt in a minute.
    package static let signInsPerAddressPerMinute = 30

    package let store: any DeviceSignInStore & AccountSessionStore & EmailChangeStore
    /// What registers a passkey (its options and checks), shared with enrollment links.
    package let registration: PasskeyRegistrationService
    package let settings: PasskeySettings
    package let seal: PasskeyCeremonySeal
    package let audit: AuditLog
    package let baseURL: PublicBaseURL
    /// Tells the person of a passkey added on the page.
    package let mail: AccountMail
    package let now: @Sendable () -> Date
    /// Limits the sign-ins a network attempts (``signInsPerAddressPerMinute``).
    private let signInLimiter: AttemptRateLimiter

    package init(
        store: any DeviceSignInStore & AccountSessionStore & EmailChangeStore, registration: PasskeyRegistrationService, settings: PasskeySettings,
        seal: PasskeyCeremonySeal, audit: AuditLog, baseURL: PublicBaseURL, mail: AccountMail, now: @escaping @Sendable () -> Date
    ) {
        (self.store, self.settings, self.seal, self.audit, self.baseURL, self.now) = (store, settings, seal, audit, baseURL, now)
        self.mail = mail
        self.registration = registration
        signInLimiter = AttemptRateLimiter(
            store: store, perAddressPerMinute: Self.signInsPerAddressPerMinute, globalPerMinute: nil, now: now,
            bucket: "account_sign_in", attempts: "account page sign-ins")
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
        let party = relyingParty(realm)
        return try PasskeySignInOptions.start(.account, of: realm.id, party: party, settings: settings, seal: seal, now: now())
    }

    /// Verifies the assertion and opens a session of its identity; returns the cookie's secret.
    /// A refusal is audited (`authentication.refused`) as on the sign-in page.
    /// A session the browser held already (`former`, its cookie's secret) ends: signing in again
    /// is how a person gives a fresh proof.
    package func signIn(
        _ realm: RealmRecord, _ request: PasskeySignInRequest, former: String?, from browser: RequestSource
    ) async throws -> String {
        try await signInLimiter.admit(clientAddress: browser.address)
        guard let ceremony = seal.open(request.ceremony, now: now()), ceremony.isFor(.account, of: realm.id) else {
            throw ServerError.invalidRequest("the passkey request is not this page's or has expired: start again")
        }
        let party = relyingParty(realm)
        let accepted: PasskeyAssertionCheck.Accepted
        do {
            accepted = try await PasskeyAssertionCheck(store: store).check(
                request.credential, realmID: realm.id, party: party, challenge: ceremony.challenge)
        } catch let refusal as PasskeyAssertionCheck.Refusal {
            // Collapsed per identity (per realm for an unknown passkey), so that one refusal cannot hide another's.
            await audit.recordRefusal(
                "authentication.refused", reason: refusal.reason, of: "account:\(realm.id):\(refusal.subject ?? "-")", tenantID: realm.tenantID,
                realmID: realm.id, subjectID: refusal.subject, detail: Self.seen(["via": "passkey", "page": "account"], browser))
            throw refusal.error
        }
        let now = now()
        let (session, secret) = Self.newSession(
            identityID: accepted.credential.identityID, credentialID: accepted.credential.id, authenticatedAt: now, realm: realm,
            from: browser, now: now)
        let assurance = PasskeySignInService.assurance(accepted.passkey, accepted.verified)
        let event = try audit.event(
            "authentication.succeeded", tenantID: realm.tenantID, realmID: realm.id, subjectID: session.identityID,
            detail: Self.seen([
                "credential_id": session.credentialID, "account_session_id": session.id, "via": "passkey", "page": "account",
                "amr": assurance.methods.joined(separator: " "), "acr": assurance.level,
            ], browser))
        do {
            try await store.openAccountSession(
                session, passkeyUse: accepted.use, challengeHash: Secrets.hash(ceremony.challenge.base64URLEncodedString),
                challengeExpiresAt: ceremony.expiresAt, replacing: try await Self.replaced(former, in: realm, store: store), at: now,
                audit: event)
        } catch let error as StorageError where error == .alreadyExists {
            throw ServerError(APIErrorCode.invalidPasskey, "this passkey answer was used already: sign in again")
        }
        return secret
    }

    /// A new session of `realm`'s page for `identityID`, signed in with `credentialID` at
    /// `authenticatedAt`, and its cookie's secret (the session keeps its hash).
    package static func newSession(
        identityID: String, credentialID: String, authenticatedAt: Date, realm: RealmRecord, from browser: RequestSource, now: Date
    ) -> (session: AccountSessionRecord, secret: String) {
        let secret = Secrets.token()
        return (AccountSessionRecord(
            id: Secrets.identifier(), secretHash: Secrets.hash(secret), tenantID: realm.tenantID, realmID: realm.id,
            identityID: identityID, credentialID: credentialID, authenticatedAt: authenticatedAt, createdAt: now, lastSeenAt: now,
            expiresAt: now.addingTimeInterval(absoluteLifetime), address: browser.address, userAgent: browser.userAgent), secret)
    }

    /// The id of the session the browser held already on `realm`'s page (its cookie's secret
    /// `former`): a sign-in replaces it.
    package static func replaced(_ former: String?, in realm: RealmRecord, store: any AccountSessionStore) async throws -> String? {
        guard let former, let session = try await store.accountSession(secretHash: Secrets.hash(former)), session.realmID == realm.id
        else { return nil }
        return session.id
    }

    /// The session of the realm's page whose cookie secret is `secret`, while it stands (its idle
    /// timeout starts again); `nil` for none, one of another realm, or one that ended.
    package func session(_ secret: String?, of realm: RealmRecord) async throws -> AccountSessionRecord? {
        guard let secret, let session = try await store.accountSession(secretHash: Secrets.hash(secret)),
              session.realmID == realm.id else { return nil }
        let now = now()
        guard session.expiresAt > now, session.lastSeenAt.addingTimeInterval(Self.idleTimeout) > now else { return nil }
        // It ends with its identity's standing, and with the passkey that signed in.
        guard try await store.identity(id: session.identityID)?.status == .active,
              try await store.credential(id: session.credentialID)?.state == .active
        else {
            try await store.deleteAccountSession(id: session.id, audit: nil)
            return nil
        }
        try await store.touchAccountSession(id: session.id, at: now)
        return session
    }

    /// What the page shows the session's identity (standing, as ``session(_:of:)`` checked).
    package func overview(_ session: AccountSessionRecord) async throws -> AccountOverview? {
        guard let identity = try await store.identity(id: session.identityID) else { return nil }
        let credentials = try await store.activeCredentials(identityID: identity.id, limit: Self.listed)
        let passkeys = Dictionary(
            try await store.passkeys(credentialIDs: credentials.map(\.id)).map { ($0.credentialID, $0) }, uniquingKeysWith: { first, _ in first })
        func row(_ credential: CredentialRecord, name: String, provider: String? = nil) -> AccountOverview.Credential {
            AccountOverview.Credential(
                id: credential.id, name: name, provider: provider, created: PageDate.text(credential.createdAt),
                lastUsed: PageDate.text(credential.lastUsedAt, none: "never"), current: credential.id == session.credentialID)
        }
        let names = Dictionary(credentials.map { ($0.id, $0.deviceName ?? ($0.kind == .passkey ? "a passkey" : "a device")) }) { first, _ in first }
        var applications: [String: String] = [:]
        var sessions: [AccountOverview.Session] = []
        for record in try await store.standingSessions(identityID: identity.id, now: now(), limit: Self.listed) {
            if applications[record.applicationID] == nil {
                applications[record.applicationID] = try await store.application(id: record.applicationID)?.displayName ?? "An application"
            }
            sessions.append(AccountOverview.Session(
                id: record.id, application: applications[record.applicationID] ?? "", started: PageDate.text(record.createdAt),
                lastRefreshed: PageDate.text(record.lastRefreshedAt, none: "never"),
                signedInWith: record.credentialID.map { names[$0] ?? "a credential" } ?? "an emailed code",
                lastSeenFrom: record.lastSource.flatMap { source in
                    let seen = [source.address, source.userAgent.map(UserAgentSummary.text)].compactMap(\.self).joined(separator: " · ")
                    return seen.isEmpty ? nil : seen
                }))
        }
        let pending = try await store.pendingEmailChange(identityID: identity.id, at: now())
        return AccountOverview(
            username: identity.username, displayName: identity.displayName, email: identity.email,
            emailChangeable: try await !store.isProvisioned(identityID: identity.id), pendingEmail: pending?.newEmail,
            pendingUntil: pending.map { PageDate.text($0.confirmBy) },
            passkeys: credentials.filter { $0.kind == .passkey }.map { credential in
                row(
                    credential, name: credential.deviceName ?? "Passkey",
                    provider: passkeys[credential.id].flatMap { AuthenticatorNames.name(of: AuthenticatorNames.uuidText($0.aaguid)) })
            },
            devices: credentials.filter { $0.kind == .device }.map { row($0, name: $0.deviceName ?? "A device") },
            sessions: sessions)
    }

    /// Whether the session's sign-in is recent enough to revoke a credential.
    package func isFresh(_ session: AccountSessionRecord) -> Bool { Self.isFresh(session, now: now()) }

    private static func isFresh(_ session: AccountSessionRecord, now: Date) -> Bool {
        now.timeIntervalSince(session.authenticatedAt) <= freshProof
    }

    /// The identity's active credential `id`, and whether it is its last; `404` for any other.
    package func credential(_ id: String, of session: AccountSessionRecord) async throws -> (credential: CredentialRecord, last: Bool) {
        guard let credential = try await store.credential(id: id), credential.identityID == session.identityID,
              credential.state == .active
        else { throw ServerError.notFound("no such credential") }
        return (credential, try await store.activeCredentials(identityID: session.identityID, limit: 2).count < 2)
    }

    /// Creation options for a passkey of the session's identity on this browser, after a fresh
    /// proof (`403` without one), with user verification required; nothing is written.
    package func passkeyOptions(_ session: AccountSessionRecord, realm: RealmRecord) async throws -> PasskeyRegistrationOptions {
        try requireFreshProof(session)
        guard let identity = try await store.identity(id: session.identityID) else { throw ServerError.notFound("no such identity") }
        return try await registration.creationOptions(
            .accountRegistration, of: session.id, identity: identity, realm: realm, userVerification: .required)
    }

    /// Verifies the browser's new passkey for the session's ceremony and adds it to the identity,
    /// after a fresh proof, audited as `credential.bound`; returns its credential's id. The
    /// person is mailed a notice (a sign-in approved on a phone can be relayed by a phisher, who
    /// would add their own passkey here).
    package func addPasskey(
        _ request: AccountPasskeyRequest, of session: AccountSessionRecord, realm: RealmRecord, from browser: RequestSource
    ) async throws -> String {
        try requireFreshProof(session)
        guard let ceremony = seal.open(request.ceremony, now: now()), ceremony.isFor(.accountRegistration, of: session.id) else {
            throw ServerError.invalidRequest("the passkey request is not this page's or has expired: start again")
        }
        let registered = try await registration.verify(request.credential, ceremony: ceremony, realm: realm, userVerification: .required)
        let id = Secrets.identifier()
        let (credential, passkey) = PasskeyRegistrationService.records(
            registered, id: id, transports: request.credential.response.transports ?? [], tenantID: session.tenantID,
            realmID: session.realmID, identityID: session.identityID, now: now())
        let event = try audit.event(
            "credential.bound", tenantID: session.tenantID, realmID: session.realmID, subjectID: id,
            detail: detail(session, from: browser).merging(["credential_kind": "passkey"]) { first, _ in first })
        do {
            try await store.addPasskey(credential, passkey, audit: event)
        } catch let error as StorageError where error == .alreadyExists {
            throw ServerError(APIErrorCode.conflict, "this passkey is registered already")
        }
        if let identity = try await store.identity(id: session.identityID), let address = identity.email {
            let seen = [browser.userAgent.map(UserAgentSummary.text), browser.address].compactMap(\.self).joined(separator: " at ")
            mail.send(to: address, subject: "A passkey was added to your account at \(realm.displayName)", body: """
                A passkey (\(credential.deviceName ?? "a passkey")) was added to your account at \(realm.displayName) (\(identity.username)) on \(PageDate.text(now()))\(seen.isEmpty ? "" : " from " + seen).

                If it was not you, revoke it on your account page, and sign out everywhere else:
                \(baseURL.issuer(tenantID: realm.tenantID, realmID: realm.id))/account
                """)
        }
        return id
    }

    /// `403` unless the session's sign-in is fresh.
    private func requireFreshProof(_ session: AccountSessionRecord) throws {
        try Self.requireFreshProof(session, now: now())
    }

    /// `403` unless the session's sign-in was ``freshProof`` or less before `now`.
    package static func requireFreshProof(_ session: AccountSessionRecord, now: Date) throws {
        guard isFresh(session, now: now) else { throw staleProof }
    }

    private static let staleProof = ServerError(
        APIErrorCode.forbidden, "confirm it is you first: sign in again, with your passkey or the app on your phone")

    /// Revokes the identity's credential `id` (its sessions end with it), after a fresh proof
    /// (`403` without one), audited with the browser's address and agent.
    package func revokeCredential(_ id: String, of session: AccountSessionRecord, from browser: RequestSource) async throws {
        try requireFreshProof(session)
        let credential = try await credential(id, of: session).credential
        let event = try audit.event(
            "credential.revoked", tenantID: session.tenantID, realmID: session.realmID, subjectID: credential.id,
            detail: detail(session, from: browser))
        do {
            _ = try await store.revokeCredential(id: credential.id, at: now(), audit: event)
        } catch let error as StorageError where error == .notFound {
            throw ServerError.notFound("no such credential")
        }
    }

    /// Names the identity's active credential `id` as the person calls it, audited.
    package func renameCredential(_ id: String, to typed: String?, of session: AccountSessionRecord, from browser: RequestSource) async throws {
        // Spaces around a name are no part of it; a name of spaces is none.
        let trimmed = typed?.trimmingCharacters(in: .whitespacesAndNewlines)
        let name = try InputRules.name(trimmed?.isEmpty == true ? nil : trimmed, field: "name", maxLength: 100)
        let credential = try await credential(id, of: session).credential
        let event = try audit.event(
            "credential.renamed", tenantID: session.tenantID, realmID: session.realmID, subjectID: credential.id,
            detail: detail(session, from: browser))
        guard try await store.renameCredential(id: credential.id, to: name, audit: event) else {
            throw ServerError.notFound("no such credential")
        }
    }

    /// Ends the identity's application session `id`, audited.
    package func endSession(_ id: String, of session: AccountSessionRecord, from browser: RequestSource) async throws {
        guard let ended = try await store.session(id: id), ended.identityID == session.identityID else {
            throw ServerError.notFound("no such session")
        }
        try await revoke(ended, of: session, from: browser)
    }

    /// Ends the identity's application sessions (the newest ``listed``; each in a transaction
    /// of its own, so that a failure halfway leaves the rest for another try) and its account
    /// sessions in other browsers (one event says how many): signed out everywhere but in this
    /// browser. Returns how many sessions ended.
    package func signOutEverywhereElse(_ session: AccountSessionRecord, from browser: RequestSource) async throws -> Int {
        var ended = 0
        for standing in try await store.standingSessions(identityID: session.identityID, now: now(), limit: Self.listed) {
            if try await revoke(standing, of: session, from: browser) { ended += 1 }
        }
        let pages = try await store.deleteAccountSessions(identityID: session.identityID, except: session.id)
        if pages > 0 {
            try await audit.record(
                "account.signed_out", tenantID: session.tenantID, realmID: session.realmID, subjectID: session.identityID,
                detail: detail(session, from: browser).merging(["sessions": String(pages), "elsewhere": "true"]) { first, _ in first })
        }
        return ended + pages
    }

    @discardableResult
    private func revoke(_ ended: SessionRecord, of session: AccountSessionRecord, from browser: RequestSource) async throws -> Bool {
        let event = try audit.event(
            "session.revoked", tenantID: session.tenantID, realmID: session.realmID, subjectID: ended.id,
            detail: detail(session, from: browser))
        return try await store.revokeSession(id: ended.id, at: now(), audit: event)
    }

    /// What every change made on the page records: where it was made, and from which browser.
    private func detail(_ session: AccountSessionRecord, from browser: RequestSource) -> [String: String] {
        Self.seen(["by": "account", "account_session_id": session.id, "identity_id": session.identityID], browser)
    }

    /// `detail` with where the browser is: its address and agent, where known.
    package static func seen(_ detail: [String: String], _ browser: RequestSource) -> [String: String] {
        var detail = detail
        detail["address"] = browser.address
        detail["user_agent"] = browser.userAgent
        return detail
    }

    /// The realm's relying party for the page: its passkey rules, with user verification
    /// required whatever they say, since a sign-in here may revoke what signs the person in.
    private func relyingParty(_ realm: RealmRecord) -> RelyingParty {
        var party = PasskeySettings.relyingParty(for: baseURL, policy: realm.passkeyPolicy)
        party.userVerification = .required
        return party
    }

    /// Ends the session (signing out), audited.
    package func signOut(_ session: AccountSessionRecord) async throws {
        let event = try audit.event(
            "account.signed_out", tenantID: session.tenantID, realmID: session.realmID, subjectID: session.identityID,
            detail: ["account_session_id": session.id])
        try await store.deleteAccountSession(id: session.id, audit: event)
    }
}
