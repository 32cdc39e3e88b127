import Foundation
import Logging
import NIOPosix
import PostgresKit
import SQLKit
import SQLiteKit

/// How the store reaches its database: statements one at a time, or a transaction on one
/// connection. SQLite and PostgreSQL differ only here and in a few words of DDL.
protocol SQLEngine: Sendable {
    /// The engine's name, for migrations' dialect-specific DDL.
    var kind: SQLEngineKind { get }
    /// Runs `body` with a database for single statements.
    func run<R: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> R) async throws -> R
    /// Runs `body` inside one transaction: committed if it returns, rolled back if it throws.
    func transaction<R: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> R) async throws -> R
    /// Closes connections.
    func shutdown() async throws
}

/// The two engines.
enum SQLEngineKind: Sendable {
    case sqlite, postgres

    /// The binary column type.
    var blob: String { self == .sqlite ? "BLOB" : "BYTEA" }
}

extension SQLDatabase {
    /// `BEGIN` … `COMMIT`, or `ROLLBACK` when `body` throws.
    func inTransaction<R>(begin: String, _ body: (any SQLDatabase) async throws -> R) async throws -> R {
        try await raw(SQLQueryString(begin)).run()
        do {
            let result = try await body(self)
            try await raw("COMMIT").run()
            return result
        } catch {
            try? await raw("ROLLBACK").run()
            throw error
        }
    }
}

/// SQLite: one connection (SQLite has one writer), WAL, foreign keys on. Statements and
/// transactions take turns, so a transaction never sees another task's statements.
final class SQLiteEngine: SQLEngine {
    let kind = SQLEngineKind.sqlite
    private let connection: SQLiteConnection
    private let database: any SQLDatabase
    private let turn = AsyncLock()

    init(path: String, logger: Logger) async throws {
        connection = try await SQLiteConnection.open(storage: .file(path: path), logger: logger)
        database = connection.sql()
        try await database.raw("PRAGMA journal_mode = WAL").run()
        try await database.raw("PRAGMA foreign_keys = ON").run()
        try await database.raw("PRAGMA synchronous = NORMAL").run()
    }

    func run<R: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> R) async throws -> R {
        try await turn.withLock { try await body(self.database) }
    }

    func transaction<R: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> R) async throws -> R {
        try await turn.withLock { try await self.database.inTransaction(begin: "BEGIN IMMEDIATE", body) }
    }

    func shutdown() async throws {
        try await connection.close()
    }
}

/// PostgreSQL: a connection pool; a transaction holds one connection for its duration.
/// (`@unchecked`: the pool guards its state with locks but predates `Sendable`.)
final class PostgresEngine: SQLEngine, @unchecked Sendable {
    let kind = SQLEngineKind.postgres
    private let pool: EventLoopGroupConnectionPool<PostgresConnectionSource>
    private let database: any SQLDatabase

    init(url: String, searchPath: [String]?, logger: Logger) throws {
        var configuration: SQLPostgresConfiguration
        do {
            configuration = try SQLPostgresConfiguration(url: url)
        } catch {
            throw StorageError.unsupportedDatabaseURL.with(detail: "\(error)")
        }
        configuration.searchPath = searchPath
        pool = EventLoopGroupConnectionPool(
            source: PostgresConnectionSource(sqlConfiguration: configuration),
            maxConnectionsPerEventLoop: 4, logger: logger, on: MultiThreadedEventLoopGroup.singleton)
        database = pool.database(logger: logger).sql()
    }

    func run<R: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> R) async throws -> R {
        try await body(database)
    }

    func transaction<R: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> R) async throws -> R {
        try await database.withSession { session in try await session.inTransaction(begin: "BEGIN", body) }
    }

    func shutdown() async throws {
        try await pool.shutdownAsync()
    }
}

/// A lock for async code: waiters queue in order and suspend instead of blocking a thread.
actor AsyncLock {
    private var locked = false
    private var waiters: [CheckedContinuation<Void, Never>] = []

    func withLock<R: Sendable>(_ body: @Sendable () async throws -> R) async throws -> R {
        await acquire()
        defer { release() }
        return try await body()
    }

    private func acquire() async {
        guard locked else {
            locked = true
            return
        }
        await withCheckedContinuation { waiters.append($0) }
    }

    private func release() {
        if waiters.isEmpty {
            locked = false
        } else {
            waiters.removeFirst().resume()
        }
    }
}
