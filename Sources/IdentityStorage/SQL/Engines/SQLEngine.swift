import SQLKit

/// How the store reaches its database: statements one at a time, or a transaction on one
/// connection. SQLite and PostgreSQL differ only here and in a few words of DDL.
protocol SQLEngine: Sendable {
    /// The engine's name, for migrations' dialect-specific DDL.
    var kind: SQLEngineKind { get }
    /// Runs `body` with a database for single statements.
    func run<R: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> R) async throws -> R
    /// Runs `body` with a database for statements that cannot run inside a transaction
    /// (SQLite's `VACUUM`, `PRAGMA foreign_keys`).
    func runOutsideTransactions<R: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> R) async throws -> R
    /// Runs `body`'s data changes, each atomic at least on its own, in the way that costs the
    /// engine least: SQLite as one transaction (which can share a group's commit, where a
    /// statement on its own commits alone), PostgreSQL as they are (one round trip each, without
    /// `BEGIN` and `COMMIT`).
    func write<R: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> R) async throws -> R
    /// Runs `body` inside one transaction: committed if it returns, rolled back if it throws.
    func transaction<R: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> R) async throws -> R
    /// Sends `payload` to the listeners of `channel` when the transaction of `db` commits.
    func notify(_ channel: String, payload: String, on db: any SQLDatabase) async throws
    /// The payloads any connection to the database sends on `channel`, from when this returns.
    func notifications(on channel: String) async -> AsyncStream<String>
    /// Closes connections.
    func shutdown() async throws
}
