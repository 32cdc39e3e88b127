import Foundation
import IdentityStorage

/// Opens, finds and ends console sessions. A session lives in the database (any instance
/// serves it), acts with the rights of the admin token that opened it, and ends when it has
/// been idle too long, reaches its absolute lifetime, or its admin token is revoked or expires.
struct ConsoleSessions: Sendable {
    let store: any IdentityStore
    let settings: ServerConfiguration.Console
    let audit: AuditLog
    let now: @Sendable () -> Date

    /// A session is touched at most this often, so browsing does not write on every page.
    private static let touchInterval: TimeInterval = 30

    /// What signing in with an admin token came to.
    enum SignIn: Sendable {
        /// A session, and the secret for its cookie.
        case opened(ConsoleSession, secret: String)
        /// The token is missing, unknown, revoked or expired; the principal when it is known.
        case refused(AdminRefusal, AdminPrincipal?)
    }

    /// What a session cookie leads to.
    enum Resolution: Sendable {
        case active(ConsoleSession)
        case ended(ConsoleSessionEnd)
    }

    /// Opens a session for the admin token `token` (as typed into the sign-in form) and audits it.
    func signIn(token: String) async throws -> SignIn {
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
            "console.signed_in", tenantID: record.tenantID, realmID: nil, subjectID: session.id, detail: admin.auditDetail)
        return .opened(ConsoleSession(id: session.id, admin: admin, secret: secret), secret: secret)
    }

    /// The session whose cookie holds `secret`, or why there is none; an ended session is removed.
    func resolve(secret: String) async throws -> Resolution {
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
        if now >= record.expiresAt { return .failure(.expired) }
        if now.timeIntervalSince(record.lastSeenAt) >= settings.idleTimeout { return .failure(.idle) }
        guard let token, token.isActive(at: now) else { return .failure(.tokenEnded) }
        return .success(ConsoleSession(id: record.id, admin: AdminPrincipal(token, via: .console), secret: secret))
    }

    /// Ends `session` and audits it.
    func signOut(_ session: ConsoleSession) async throws {
        try await store.deleteConsoleSession(id: session.id)
        try await audit.record(
            "console.signed_out", tenantID: session.admin.tenantID, realmID: nil, subjectID: session.id,
            detail: session.admin.auditDetail)
    }
}
