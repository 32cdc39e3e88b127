public import Foundation
import SQLKit

/// Sessions and their rotating refresh tokens.
extension SQLIdentityStore {
    public func session(id: String) async throws -> SessionRecord? {
        try await fetch(SessionRecord.self, where: "id", equals: id)
    }

    public func listSessions(identityID: String, _ page: PageRequest) async throws -> Page<SessionRecord> {
        try await list(SessionRecord.self, where: "identity_id", equals: identityID, page)
    }

    public func standingSessions(identityID: String, now: Date, limit: Int) async throws -> [SessionRecord] {
        try await engine.run { db in
            try await db.raw("""
                SELECT * FROM sessions WHERE identity_id = \(bind: identityID) AND revoked_at IS NULL AND expires_at > \(bind: now.milliseconds)
                ORDER BY created_at DESC, id DESC LIMIT \(bind: limit)
                """).all().map(SessionRecord.init(row:))
        }
    }

    public func revokeSession(id: String, at date: Date, audit event: AuditEventRecord?) async throws -> Bool {
        try await engine.transaction { db in
            let revoked = try await db.raw("""
                UPDATE sessions SET revoked_at = \(bind: date.milliseconds) WHERE id = \(bind: id) AND revoked_at IS NULL
                RETURNING id
                """).first() != nil
            if revoked {
                _ = try await self.revokeTokens(ofSession: id, at: date, on: db)
                if let event { try await self.insert(event, on: db) }
            }
            return revoked
        }
    }

    public func refreshToken(hash: Data) async throws -> (token: RefreshTokenRecord, session: SessionRecord)? {
        try await engine.run { db in
            guard let token = try await db.select().column("*").from(RefreshTokenRecord.table)
                .where("token_hash", .equal, hash).first().map(RefreshTokenRecord.init(row:)),
                let session = try await db.select().column("*").from(SessionRecord.table)
                .where("id", .equal, token.sessionID).first().map(SessionRecord.init(row:))
            else { return nil }
            return (token, session)
        }
    }

    public func rotateRefreshToken(hash: Data, now: Date, issuing issuance: TokenIssuance) async throws -> RefreshRotation {
        try await engine.transaction { db in
            // The session row first: on PostgreSQL this waits for a concurrent revocation and
            // then sees it, so no token is ever issued into a session that has just ended.
            if try await db.raw("""
                UPDATE sessions SET last_refreshed_at = \(bind: now.milliseconds),
                    last_address = \(bind: issuance.source?.address), last_user_agent = \(bind: issuance.source?.userAgent)
                WHERE id = (SELECT session_id FROM refresh_tokens WHERE token_hash = \(bind: hash)) AND revoked_at IS NULL
                RETURNING id
                """).first() != nil,
                try await db.raw("""
                UPDATE refresh_tokens SET used_at = \(bind: now.milliseconds)
                WHERE token_hash = \(bind: hash) AND used_at IS NULL
                RETURNING session_id
                """).first() != nil {
                try await self.insert(issuance, on: db)
                return .rotated
            }
            guard let token = try await db.select().column("*").from(RefreshTokenRecord.table)
                .where("token_hash", .equal, hash).first().map(RefreshTokenRecord.init(row:)),
                token.usedAt != nil,
                let session = try await db.select().column("*").from(SessionRecord.table)
                .where("id", .equal, token.sessionID).first().map(SessionRecord.init(row:))
            else { return .notFound }
            return .alreadyUsed(session)
        }
    }
}
