public import Foundation
import SQLKit

/// The account page's sessions.
extension SQLIdentityStore {
    public func openAccountSession(
        _ session: AccountSessionRecord, passkeyUse use: PasskeyUse, challengeHash: Data, challengeExpiresAt: Date, replacing replacedID: String?,
        at now: Date, audit event: AuditEventRecord
    ) async throws {
        try await engine.transaction { db in
            let spent = try await db.raw("""
                INSERT INTO used_passkey_challenges (challenge_hash, expires_at) VALUES (\(bind: challengeHash), \(bind: challengeExpiresAt.milliseconds))
                ON CONFLICT DO NOTHING RETURNING challenge_hash
                """).first()
            guard spent != nil else { throw StorageError.alreadyExists.with(detail: "passkey challenge") }
            let counted = try await db.raw("""
                UPDATE passkeys SET sign_count = \(bind: Int64(use.signCount)), backed_up = \(bind: Int64(use.backedUp ? 1 : 0))
                WHERE credential_id = \(bind: use.credentialID) AND sign_count = \(bind: Int64(use.expectedSignCount))
                RETURNING credential_id
                """).first()
            guard counted != nil else { throw StorageError.alreadyExists.with(detail: "passkey counter of \(use.credentialID)") }
            try await db.run("UPDATE credentials SET last_used_at = \(bind: now.milliseconds) WHERE id = \(bind: use.credentialID)" as SQLQueryString)
            if let replacedID { try await db.run("DELETE FROM account_sessions WHERE id = \(bind: replacedID)" as SQLQueryString) }
            try await self.insert(session, on: db)
            try await self.insert(event, on: db)
        }
    }

    public func openAccountSession(
        _ session: AccountSessionRecord, redeemingCode codeHash: Data, replacing replacedID: String?, at now: Date,
        audit event: AuditEventRecord
    ) async throws {
        try await engine.transaction { db in
            let spent = try await db.raw("""
                UPDATE authorization_codes SET used_at = \(bind: now.milliseconds)
                WHERE code_hash = \(bind: codeHash) AND used_at IS NULL RETURNING code_hash
                """).first()
            guard spent != nil else { throw StorageError.alreadyExists.with(detail: "authorization code") }
            if let replacedID { try await db.run("DELETE FROM account_sessions WHERE id = \(bind: replacedID)" as SQLQueryString) }
            try await self.insert(session, on: db)
            try await self.insert(event, on: db)
        }
    }

    public func accountSession(secretHash: Data) async throws -> AccountSessionRecord? {
        try await fetch(AccountSessionRecord.self, where: "secret_hash", equals: secretHash)
    }

    public func touchAccountSession(id: String, at date: Date) async throws {
        try await run("UPDATE account_sessions SET last_seen_at = \(bind: date.milliseconds) WHERE id = \(bind: id)")
    }

    public func deleteAccountSession(id: String, audit event: AuditEventRecord?) async throws {
        try await engine.transaction { db in
            let deleted = try await db.raw("DELETE FROM account_sessions WHERE id = \(bind: id) RETURNING id").first()
            if deleted != nil, let event { try await self.insert(event, on: db) }
        }
    }

    public func accountSessions(identityID: String, activeAt now: Date, limit: Int) async throws -> [AccountSessionRecord] {
        try await engine.run { db in
            try await db.raw("""
                SELECT * FROM account_sessions WHERE identity_id = \(bind: identityID) AND expires_at > \(bind: now.milliseconds)
                ORDER BY last_seen_at DESC, id LIMIT \(bind: limit)
                """).all().map(AccountSessionRecord.init(row:))
        }
    }

    public func deleteAccountSessions(identityID: String, except keptID: String) async throws -> Int {
        try await engine.run { db in
            try await db.raw(
                "DELETE FROM account_sessions WHERE identity_id = \(bind: identityID) AND id <> \(bind: keptID) RETURNING id"
            ).all().count
        }
    }
}

extension AccountSessionRecord: SQLRecord {
    static let table = "account_sessions"
    var columns: [SQLColumn] {
        [("id", id), ("secret_hash", secretHash), ("tenant_id", tenantID), ("realm_id", realmID), ("identity_id", identityID),
         ("credential_id", credentialID), ("authenticated_at", authenticatedAt.milliseconds), ("created_at", createdAt.milliseconds),
         ("last_seen_at", lastSeenAt.milliseconds), ("expires_at", expiresAt.milliseconds), ("address", address),
         ("user_agent", userAgent)]
    }
    init(row: any SQLRow) throws {
        self.init(
            id: try row.string("id"), secretHash: try row.data("secret_hash"), tenantID: try row.string("tenant_id"),
            realmID: try row.string("realm_id"), identityID: try row.string("identity_id"), credentialID: try row.string("credential_id"),
            authenticatedAt: try row.date("authenticated_at"), createdAt: try row.date("created_at"),
            lastSeenAt: try row.date("last_seen_at"), expiresAt: try row.date("expires_at"),
            address: try row.optionalString("address"), userAgent: try row.optionalString("user_agent"))
    }
}
