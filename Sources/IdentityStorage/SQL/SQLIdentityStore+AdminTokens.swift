public import Foundation
import SQLKit

/// Admin tokens.
extension SQLIdentityStore {
    public func createAdminToken(_ token: AdminTokenRecord, audit event: AuditEventRecord) async throws {
        try await engine.transaction { db in
            try await self.insert(token, on: db)
            try await self.insert(event, on: db)
        }
    }

    public func adminToken(hash: Data) async throws -> AdminTokenRecord? {
        try await fetch(AdminTokenRecord.self, where: "token_hash", equals: hash)
    }

    public func adminToken(id: String) async throws -> AdminTokenRecord? {
        try await fetch(AdminTokenRecord.self, where: "id", equals: id)
    }

    public func listAdminTokens(_ page: PageRequest) async throws -> Page<AdminTokenRecord> {
        try await list(AdminTokenRecord.self, page)
    }

    public func adminTokenCount() async throws -> Int {
        try await engine.run { db in
            try await db.raw("SELECT COUNT(*) AS count FROM admin_tokens").first()?.decode(column: "count", as: Int.self) ?? 0
        }
    }

    public func touchAdminToken(id: String, at date: Date) async throws {
        try await run("UPDATE admin_tokens SET last_used_at = \(bind: date.milliseconds) WHERE id = \(bind: id)")
    }

    public func revokeAdminToken(id: String, at now: Date, audit event: AuditEventRecord) async throws -> AdminTokenRevocation {
        let kind = engine.kind
        do {
            return try await engine.transaction { db in
                if kind == .postgres {
                    // Two revocations at once must not each leave the other's token as the last one.
                    try await db.raw("SELECT pg_advisory_xact_lock(7406012)").run()
                }
                guard let row = try await db.raw("""
                    UPDATE admin_tokens SET revoked_at = \(bind: now.milliseconds)
                    WHERE id = \(bind: id) AND revoked_at IS NULL RETURNING *
                    """).first()
                else { throw StorageError.notFound.with(detail: "admin token \(id)") }
                let revoked = try AdminTokenRecord(row: row)
                if revoked.role == .owner {
                    let remaining = try await db.raw("""
                        SELECT COUNT(*) AS count FROM admin_tokens WHERE role = 'owner' AND revoked_at IS NULL
                        AND (expires_at IS NULL OR expires_at > \(bind: now.milliseconds))
                        """).first()?.decode(column: "count", as: Int.self) ?? 0
                    guard remaining > 0 else { throw LastUnscopedToken() }
                }
                try await self.insert(event, on: db)
                return .revoked(revoked)
            }
        } catch is LastUnscopedToken {
            return .lastOwnerToken
        }
    }
}

/// Rolls back a revocation that would leave no active owner's token.
private struct LastUnscopedToken: Error {}
