import Foundation
import SQLKit

/// Numbered schema migrations, recorded in `schema_migrations`, each in its own transaction.
/// On PostgreSQL an advisory lock serializes servers that start at once.
enum Migrations {
    /// One migration: its version and its statements for an engine.
    struct Migration: Sendable {
        let version: Int
        let statements: @Sendable (SQLEngineKind) -> [String]
        /// Whether it rebuilds SQLite tables others refer to: SQLite's foreign keys are off
        /// while it runs (they cannot be switched inside a transaction), checked before it commits.
        var rebuildsTables = false
    }

    static let all: [Migration] = [
        Migration(version: 1, statements: initialSchema),
        Migration(version: 2, statements: extensionSessions),
        Migration(version: 3, statements: extensionSessionsByCredential),
        Migration(version: 4, statements: sessions),
        Migration(version: 5, statements: signingAlgorithms),
        Migration(version: 6, statements: usedSignedRequests),
        Migration(version: 7, statements: sealedTransactions),
        Migration(version: 8, statements: masterKeyCheck),
        Migration(version: 9, statements: signingKeyActivation),
        Migration(version: 10, statements: adminTokenLifecycle),
        Migration(version: 11, statements: clientSecretRotation),
        Migration(version: 12, statements: usedDPoPProofs),
        Migration(version: 13, statements: dpopBinding),
        Migration(version: 14, statements: consoleSessions),
        Migration(version: 15, statements: repeatedEvents),
        Migration(version: 16, statements: crossDeviceSignIns),
        Migration(version: 17, statements: emailCodesAndAssurance, rebuildsTables: true),
        Migration(version: 18, statements: webhooks),
        Migration(version: 19, statements: themesAndInvocation),
        Migration(version: 20, statements: mailQueue),
        Migration(version: 21, statements: scimProvisioning),
        Migration(version: 22, statements: scimEnrollment),
        Migration(version: 23, statements: codeSessions),
        Migration(version: 24, statements: passkeys),
        Migration(version: 25, statements: signInMethods),
        Migration(version: 26, statements: realmPasskeyPolicies),
        Migration(version: 27, statements: identityListingIndexes),
        Migration(version: 28, statements: identitiesByUsername),
        Migration(version: 29, statements: accountSessions),
        Migration(version: 30, statements: accountPageSetting),
        Migration(version: 31, statements: emailChanges),
        Migration(version: 32, statements: sessionSources),
        Migration(version: 33, statements: adminRoles),
        Migration(version: 34, statements: operators),
        Migration(version: 35, statements: signInTraces),
        Migration(version: 36, statements: issuedTokenHashes),
    ]

    /// Applies what is missing, up to `version` (tests stop short to upgrade old data). Idempotent.
    /// Another server migrating the same SQLite file at once holds its lock for a while: each
    /// step is retried a few times (each try waits out SQLite's busy timeout) before giving up.
    static func apply(on engine: any SQLEngine, now: Date, through version: Int = .max) async throws {
        // What is applied already is read once, without a lock (none yet: no table): a server
        // starting on a migrated database runs one query, not a locked transaction per version.
        let applied = Set((try? await engine.run { db in
            try await db.raw("SELECT version FROM schema_migrations").all().map { try $0.decode(column: "version", as: Int64.self) }
        }) ?? [])
        for migration in all where migration.version <= version && !applied.contains(Int64(migration.version)) {
            try await retryingWhileBusy { try await apply(migration, on: engine, now: now) }
        }
    }

    private static func retryingWhileBusy(attempts: Int = 10, _ body: () async throws -> Void) async throws {
        for attempt in 1... {
            do {
                return try await body()
            } catch let error as StorageError where error == .unavailable && attempt < attempts {
                continue
            }
        }
    }

    private static func apply(_ migration: Migration, on engine: any SQLEngine, now: Date) async throws {
        guard migration.rebuildsTables, engine.kind == .sqlite else { return try await applyInTransaction(migration, on: engine, now: now) }
        try await engine.runOutsideTransactions { db in try await db.raw("PRAGMA foreign_keys = OFF").run() }
        do {
            try await applyInTransaction(migration, on: engine, now: now)
        } catch {
            try? await engine.runOutsideTransactions { db in try await db.raw("PRAGMA foreign_keys = ON").run() }
            throw error
        }
        try await engine.runOutsideTransactions { db in try await db.raw("PRAGMA foreign_keys = ON").run() }
    }

    private static func applyInTransaction(_ migration: Migration, on engine: any SQLEngine, now: Date) async throws {
        try await engine.transaction { db in
            if engine.kind == .postgres {
                // Concurrent CREATE TABLE IF NOT EXISTS can still collide on PostgreSQL: lock first,
                // the schema only (servers of other schemas in the database need not wait).
                try await db.raw("SELECT pg_advisory_xact_lock(7406011, hashtext(coalesce(current_schema(), '')))").run()
            }
            try await db.raw("""
                CREATE TABLE IF NOT EXISTS schema_migrations (version BIGINT PRIMARY KEY, applied_at BIGINT NOT NULL)
                """).run()
            let applied = try await db.raw(
                "SELECT version FROM schema_migrations WHERE version = \(bind: migration.version)").first()
            guard applied == nil else { return }
            for statement in migration.statements(engine.kind) {
                try await db.raw(SQLQueryString(statement)).run()
            }
            if migration.rebuildsTables, engine.kind == .sqlite, try await db.raw("PRAGMA foreign_key_check").first() != nil {
                throw StorageError.unavailable.with(detail: "migration \(migration.version) broke a foreign key")
            }
            try await db.raw("""
                INSERT INTO schema_migrations (version, applied_at) VALUES (\(bind: migration.version), \(bind: now.milliseconds))
                """).run()
        }
    }
}
