public import Foundation
import SQLKit

/// Signing keys, the audit log and housekeeping.
extension SQLIdentityStore {
    public func createSigningKey(_ key: SigningKeyRecord) async throws {
        try await engine.transaction { db in
            try await self.requireSealingKey(on: db)
            try await self.insert(key, on: db)
        }
        await announce(.realm(key.realmID))
    }

    public var signingKeysVersion: UInt64 { directory.generation }

    public func signingKeys(realmID: String) async throws -> [SigningKeyRecord] {
        try await engine.run { db in
            try await db.select().column("*").from(SigningKeyRecord.table).where("realm_id", .equal, realmID)
                .orderBy("created_at", .descending).orderBy("kid", .descending).all().map(SigningKeyRecord.init(row:))
        }
    }

    public func realmIDsWithoutSigningKey() async throws -> [String] {
        try await engine.run { db in
            try await db.raw("""
                SELECT id FROM realms WHERE NOT EXISTS (
                    SELECT 1 FROM signing_keys WHERE signing_keys.realm_id = realms.id
                    AND signing_keys.algorithm = 'ES256' AND signing_keys.retired_at IS NULL)
                ORDER BY id
                """).all().map { try $0.string("id") }
        }
    }

    public func rotateSigningKey(to key: SigningKeyRecord, ifNewestActivatedBefore cutoff: Date) async throws -> Bool {
        let activation = key.activation.milliseconds
        let rotated = try await engine.transaction { db in
            try await self.requireSealingKey(on: db)
            try await self.lockRealm(key.realmID, on: db)
            let newest = try await db.raw("""
                SELECT MAX(COALESCE(activates_at, created_at)) AS newest FROM signing_keys
                WHERE realm_id = \(bind: key.realmID) AND algorithm = \(bind: key.algorithm.rawValue)
                """).first()?.decode(column: "newest", as: Int64?.self)
            guard (newest ?? .min) < cutoff.milliseconds else { return false }
            try await db.raw("""
                UPDATE signing_keys SET retired_at = \(bind: activation)
                WHERE realm_id = \(bind: key.realmID) AND algorithm = \(bind: key.algorithm.rawValue)
                AND (retired_at IS NULL OR retired_at > \(bind: activation))
                """).run()
            try await self.insert(key, on: db)
            return true
        }
        if rotated { await announce(.realm(key.realmID)) }
        return rotated
    }

    public func signingKeysDue(activatedBefore cutoff: Date) async throws -> [(realmID: String, algorithm: SigningAlgorithm)] {
        try await engine.run { db in
            try await db.raw("""
                SELECT realm_id, algorithm FROM signing_keys GROUP BY realm_id, algorithm
                HAVING MAX(COALESCE(activates_at, created_at)) < \(bind: cutoff.milliseconds)
                ORDER BY realm_id, algorithm
                """).all().map { (try $0.string("realm_id"), try $0.value("algorithm")) }
        }
    }

    public func appendAuditEvent(_ event: AuditEventRecord) async throws { try await insert(event) }

    public func recordRepeatedEvent(_ event: AuditEventRecord) async throws {
        let insert = RecordInsert(event, then: " ON CONFLICT (id) DO UPDATE SET occurrences = audit_events.occurrences + 1")
        try await engine.run { db in try await db.run(insert) }
    }

    public func deleteExpired(before cutoff: Date, limit: Int) async throws -> Int {
        let tables = [
            AuthorizationCodeRecord.table, IssuedTokenRecord.table, SessionRecord.table,
            ExtensionSessionRecord.table, "rate_limit_windows", "used_signed_requests", "used_dpop_proofs",
            ConsoleSessionRecord.table, "used_console_forms", AccountSessionRecord.table, "used_passkey_challenges", CrossDeviceSignInRecord.table, EmailCodeChallengeRecord.table,
            EmailChangeRecord.table,
        ]
        var removed = 0
        for table in tables {
            removed += try await deleteBatch(from: table, where: "expires_at", before: cutoff, limit: limit)
        }
        return removed
    }

    public func deleteAuditEvents(before cutoff: Date, limit: Int) async throws -> Int {
        try await deleteBatch(from: AuditEventRecord.table, where: "occurred_at", before: cutoff, limit: limit)
    }

    /// One short statement: up to `limit` rows of `table` whose `column` is before `cutoff`,
    /// chosen by the engine's row address (SQLite `rowid`, PostgreSQL `ctid`).
    private func deleteBatch(
        from table: String, where column: String, before cutoff: Date, limit: Int, operation: String = #function
    ) async throws -> Int {
        let row = engine.kind == .postgres ? "ctid" : "rowid"
        let statement: SQLQueryString = """
            DELETE FROM \(ident: table) WHERE \(unsafeRaw: row) IN (
                SELECT \(unsafeRaw: row) FROM \(ident: table) WHERE \(ident: column) < \(bind: cutoff.milliseconds) LIMIT \(bind: Int64(limit)))
            RETURNING 1 AS one
            """
        return try await engine.run(operation: operation) { db in try await db.raw(statement).all().count }
    }
}
