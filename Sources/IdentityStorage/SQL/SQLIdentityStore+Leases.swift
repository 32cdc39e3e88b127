import Foundation
import SQLKit

/// Claiming rows of a delivery queue (webhook deliveries, mail) under a lease.
extension SQLIdentityStore {
    /// Leases the rows of `R.table` whose ids `candidates` selects to `owner` until `until`, and
    /// returns them. Every delivery queue table has `state`, `next_attempt_at`, `lease_owner` and
    /// `lease_expires_at`; `candidates` must pick pending rows due at `at` whose lease is free.
    /// A plain read comes first, so an idle queue costs no write transaction (nor SQLite's
    /// write lock); on PostgreSQL rows another instance is claiming are skipped, not waited for.
    func claimLeased<R: SQLRecord>(
        _: R.Type, candidates: SQLQueryString, owner: String, at: Int64, until: Int64, operation: String = #function
    ) async throws -> [R] {
        let table = R.table
        let due = try await engine.run(operation: operation) { db in
            try await db.raw("""
                SELECT 1 AS one FROM \(ident: table) WHERE state = 'pending' AND next_attempt_at <= \(bind: at) LIMIT 1
                """).first() != nil
        }
        guard due else { return [] }
        var chosen = candidates
        if engine.kind == .postgres {
            chosen = """
                SELECT id FROM \(ident: table) WHERE id IN (\(candidates))
                AND state = 'pending' AND (lease_expires_at IS NULL OR lease_expires_at <= \(bind: at))
                FOR UPDATE SKIP LOCKED
                """
        }
        let claim: SQLQueryString = """
            UPDATE \(ident: table) SET lease_owner = \(bind: owner), lease_expires_at = \(bind: until)
            WHERE id IN (\(chosen)) RETURNING *
            """
        return try await engine.transaction(operation: operation) { db in try await db.raw(claim).all().map(R.init(row:)) }
    }
}
