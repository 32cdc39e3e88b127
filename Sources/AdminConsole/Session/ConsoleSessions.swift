package import Foundation
import IdentityProtocol
package import IdentityStorage
package import IdentityServerCore
package import Administration

/// Opens, finds and ends console sessions. A session lives in the database (any instance
/// serves it), acts with the rights of the admin token that opened it, and ends when it has
/// been idle too long, reaches its absolute lifetime, or its admin token is revoked or expires.
package struct ConsoleSessions: Sendable {
    package let store: any ConsoleSessionStore & AdminTokenStore & OperatorStore & IdentityRecordStore
    package var settings: ConsoleSettings
    /// Operators' sessions, when the server signs operators in (see ``ConsoleOperators``).
    package var operators: ConsoleOperators? = nil
    package let audit: AuditLog
    package let now: @Sendable () -> Date

    /// A session is touched at most this often, so browsing does not write on every page.
    private static let touchInterval: TimeInterval = 30

    /// What signing in with an admin token came to.
    package enum SignIn: Sendable {
        /// A session, and the secret for its cookie.
        case opened(ConsoleSession, secret: String)
        /// The token is missing, unknown, revoked or expired; the principal when it is known.
        case refused(AdminRefusal, AdminPrincipal?)
        /// Signing in with an admin token is turned off (``ConsoleSettings/adminTokenSignIn``).
        case turnedOff
    }

    /// What a session cookie leads to.
    package enum Resolution: Sendable {
        case active(ConsoleSession)
        case ended(ConsoleSessionEnd)
    }

    /// Opens a session for the admin token `token` (as typed into the sign-in form) and audits
    /// it with the request's facts (`client_address`, `request_id`).
    package func signIn(token: String, facts: [String: String]) async throws -> SignIn {
        guard settings.adminTokenSignIn else { return .turnedOff }
        let token = token.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !token.isEmpty else { return .refused(.missingToken, nil) }
        guard let record = try await store.adminToken(hash: Secrets.hash(token)) else { return .refused(.unknownToken, nil) }
        let admin = AdminPrincipal(record, via: .console)
        if record.revokedAt != nil { return .refused(.revokedToken, admin) }
        guard record.isActive(at: now()) else { return .refused(.expiredToken, admin) }
        let (secret, now) = (Secrets.token(), now())
        let session = ConsoleSessionRecord(
            id: Secrets.identifier(), secretHash: Secrets.hash(secret), adminTokenID: record.id, createdAt: now, lastSeenAt: now,
            expiresAt: now.addingTimeInterval(settings.sessionLifetime))
        try await store.createConsoleSession(session)
        try await audit.record(
            "console.signed_in", tenantID: record.tenantID, realmID: nil, subjectID: session.id,
            detail: admin.auditDetail.merging(facts) { own, _ in own })
        return .opened(ConsoleSession(id: session.id, admin: admin, secret: secret), secret: secret)
    }

    /// The session whose cookie holds `secret`, or why there is none; an ended session is removed.
    package func resolve(secret: String) async throws -> Resolution {
        guard let record = try await store.consoleSession(secretHash: Secrets.hash(secret)) else { return .ended(.none) }
        let now = now()
        switch check(record, token: try await store.adminToken(id: record.adminTokenID), secret: secret, at: now) {
        case .success(let session):
            if now.timeIntervalSince(record.lastSeenAt) >= Self.touchInterval {
                try await store.touchConsoleSession(id: record.id, at: now)
            }
            return .active(session)
        case .failure(let end):
            try await store.deleteConsoleSession(id: record.id)
            return .ended(end)
        }
    }

    /// The session, unless it or its admin token has ended at `now`.
    private func check(
        _ record: ConsoleSessionRecord, token: AdminTokenRecord?, secret: String, at now: Date
    ) -> Result<ConsoleSession, ConsoleSessionEnd> {
        guard settings.adminTokenSignIn else { return .failure(.tokenSignInOff) }
        // The lifetime configured now counts too: shortening it ends sessions already open.
        if now >= min(record.expiresAt, record.createdAt.addingTimeInterval(settings.sessionLifetime)) { return .failure(.expired) }
        if now.timeIntervalSince(record.lastSeenAt) >= settings.idleTimeout { return .failure(.idle) }
        guard let token, token.isActive(at: now) else { return .failure(.tokenEnded) }
        return .success(ConsoleSession(id: record.id, admin: AdminPrincipal(token, via: .console), secret: secret))
    }

    /// The operator's session whose operators' account cookie holds `secret`; `nil` when it has
    /// ended or its identity is not an operator.
    package func resolveOperator(secret: String) async throws -> ConsoleSession? {
        guard let operators, let account = try await operators.session(secret),
              let record = try await store.operatorRecord(identityID: account.identityID),
              let identity = try await store.identity(id: account.identityID)
        else { return nil }
        return ConsoleSession(id: account.id, admin: AdminPrincipal(record, username: identity.username, provedAt: account.authenticatedAt), secret: secret,
            account: account)
    }

    /// Spends one of the session's forms that show a secret once, so that a reload or the back
    /// button cannot send it again (a second client secret rotation would end the secret in
    /// use): `409` when it was sent before, `400` without its id.
    package func spendForm(_ formID: String?, of session: ConsoleSession) async throws {
        guard let formID, (1...64).contains(formID.count) else {
            throw ServerError.invalidRequest("the form is incomplete: reload the page and try again")
        }
        guard try await store.useConsoleForm(
            sessionID: session.id, formID: formID, expiresAt: now().addingTimeInterval(settings.sessionLifetime))
        else { throw FormAlreadySent() }
    }

    /// Ends `session` and audits it.
    package func signOut(_ session: ConsoleSession) async throws {
        if let account = session.account, let operators { return try await operators.signOut(account) }
        try await store.deleteConsoleSession(id: session.id)
        try await audit.record(
            "console.signed_out", tenantID: session.admin.tenantID, realmID: nil, subjectID: session.id,
            detail: session.admin.auditDetail)
    }
}
