import Foundation
import Logging
import NIOPosix
import PostgresKit
import SQLKit
import SQLiteKit
import Synchronization

/// How the store reaches its database: statements one at a time, or a transaction on one
/// connection. SQLite and PostgreSQL differ only here and in a few words of DDL.
protocol SQLEngine: Sendable {
    /// The engine's name, for migrations' dialect-specific DDL.
    var kind: SQLEngineKind { get }
    /// Runs `body` with a database for single statements.
    func run<R: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> R) async throws -> R
    /// Runs `body` inside one transaction: committed if it returns, rolled back if it throws.
    func transaction<R: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> R) async throws -> R
    /// Sends `payload` to the listeners of `channel` when the transaction of `db` commits.
    func notify(_ channel: String, payload: String, on db: any SQLDatabase) async throws
    /// The payloads any connection to the database sends on `channel`, from when this returns.
    func notifications(on channel: String) async -> AsyncStream<String>
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

/// SQLite: one connection (SQLite has one writer), WAL, foreign keys on, and
/// `synchronous=FULL`, so an acknowledged commit (a revocation, a spent code) survives power
/// loss, not only a crash. The file is the owner's only. Statements and transactions take
/// turns, so a transaction never sees another task's statements.
final class SQLiteEngine: SQLEngine {
    let kind = SQLEngineKind.sqlite
    private let connection: SQLiteConnection
    private let database: any SQLDatabase
    private let turn = AsyncLock()
    /// The connection's own thread: a statement waiting on another process's lock blocks it,
    /// and must never block the statements of other databases (SQLite-NIO's shared pool has
    /// one thread per core).
    private let thread: NIOThreadPool
    /// Runs store operations on ``thread``, so their statements do not switch threads.
    private let executor: ThreadPoolTaskExecutor

    init(path: String, logger: Logger) async throws {
        try Self.createOwnerOnly(path)
        let thread = NIOThreadPool(numberOfThreads: 1)
        thread.start()
        do {
            connection = try await SQLiteConnection.open(
                storage: .file(path: path), threadPool: thread, logger: logger, on: MultiThreadedEventLoopGroup.singleton.any())
        } catch {
            try? await thread.shutdownGracefully()
            throw error
        }
        self.thread = thread
        executor = ThreadPoolTaskExecutor(pool: thread)
        database = connection.sql()
        do {
            let mode = try await database.raw("PRAGMA journal_mode = WAL").first()?.decode(column: "journal_mode", as: String.self)
            guard mode?.lowercased() == "wal" else {
                throw StorageError.unavailable.with(detail: "\(path) cannot use write-ahead logging (journal_mode is \(mode ?? "unknown"))")
            }
            try await database.raw("PRAGMA foreign_keys = ON").run()
            try await database.raw("PRAGMA synchronous = FULL").run()
            // SQLite-NIO's own busy handler waits forever: a lock held by another process (a
            // careless backup) would stall every request. Give up after a while: 503.
            try await database.raw("PRAGMA busy_timeout = \(unsafeRaw: String(Self.busyTimeoutMilliseconds))").run()
        } catch {
            try? await connection.close()
            try? await thread.shutdownGracefully()
            throw error
        }
    }

    /// How long a statement waits for another process's lock before the request is answered 503.
    static let busyTimeoutMilliseconds = 2000

    /// Creates the database file with mode 0600 unless it exists; SQLite gives its `-wal` and
    /// `-shm` files the same mode.
    private static func createOwnerOnly(_ path: String) throws {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        if descriptor >= 0 {
            close(descriptor)
        } else if errno != EEXIST {
            throw StorageError.unavailable.with(detail: "cannot create \(path): \(String(cString: strerror(errno)))")
        }
    }

    func run<R: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> R) async throws -> R {
        try await SQLErrors.detectingOutages {
            try await withTaskExecutorPreference(executor) { try await turn.withLock { try await body(self.database) } }
        }
    }

    func transaction<R: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> R) async throws -> R {
        try await SQLErrors.detectingOutages {
            try await withTaskExecutorPreference(executor) {
                try await turn.withLock { try await self.database.inTransaction(begin: "BEGIN IMMEDIATE", body) }
            }
        }
    }

    /// Nothing to send: one server uses a SQLite file, and it signals its own changes.
    func notify(_ channel: String, payload: String, on db: any SQLDatabase) async throws {}

    /// No other server shares the file, so there is never anything to hear.
    func notifications(on channel: String) async -> AsyncStream<String> {
        AsyncStream { $0.finish() }
    }

    func shutdown() async throws {
        try await connection.close()
        try await thread.shutdownGracefully()
    }
}

/// PostgreSQL: a connection pool; a transaction holds one connection for its duration.
/// (`@unchecked`: the pool guards its state with locks but predates `Sendable`.)
final class PostgresEngine: SQLEngine, @unchecked Sendable {
    let kind = SQLEngineKind.postgres
    private let pool: EventLoopGroupConnectionPool<PostgresConnectionSource>
    private let database: any SQLDatabase
    private let connection: PostgresConnection.Configuration
    private let logger: Logger
    /// The tasks behind ``notifications(on:)``, stopped at shutdown.
    private let listeners = Mutex<[Task<Void, Never>]>([])

    init(url: String, searchPath: [String]?, logger: Logger) throws {
        var configuration: SQLPostgresConfiguration
        do {
            configuration = try SQLPostgresConfiguration(url: url)
        } catch {
            throw StorageError.unsupportedDatabaseURL.with(detail: "\(error)")
        }
        configuration.searchPath = searchPath
        connection = configuration.coreConfiguration
        self.logger = logger
        pool = EventLoopGroupConnectionPool(
            source: PostgresConnectionSource(sqlConfiguration: configuration),
            maxConnectionsPerEventLoop: 4, logger: logger, on: MultiThreadedEventLoopGroup.singleton)
        database = pool.database(logger: logger).sql()
    }

    func run<R: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> R) async throws -> R {
        try await SQLErrors.detectingOutages { try await body(database) }
    }

    func transaction<R: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> R) async throws -> R {
        try await SQLErrors.detectingOutages {
            try await database.withSession { session in try await session.inTransaction(begin: "BEGIN", body) }
        }
    }

    /// Connects once outside the pool (which would log every failed attempt), so a server that
    /// cannot be reached fails with one error.
    func probe() async throws {
        var quiet = logger
        quiet.logLevel = .critical
        try await SQLErrors.detectingOutages {
            let probe = try await PostgresConnection.connect(configuration: connection, id: 0, logger: quiet)
            try await probe.close()
        }
    }

    func notify(_ channel: String, payload: String, on db: any SQLDatabase) async throws {
        try await db.raw("SELECT pg_notify(\(bind: channel), \(bind: payload))").run()
    }

    /// `LISTEN` on a connection of its own, outside the pool. Returns once listening, or once
    /// the first attempt has failed; reconnects every second while the stream is consumed.
    /// Payloads sent while disconnected are lost, so listeners must not depend on them alone.
    func notifications(on channel: String) async -> AsyncStream<String> {
        let (payloads, output) = AsyncStream.makeStream(of: String.self, bufferingPolicy: .bufferingNewest(1024))
        let (firstAttempt, attempted) = AsyncStream.makeStream(of: Void.self)
        let listener = Task { [connection, logger] in
            while !Task.isCancelled {
                do {
                    let listening = try await PostgresConnection.connect(configuration: connection, id: 0, logger: logger)
                    do {
                        try await listening.listen(on: channel) { notifications in
                            attempted.finish()
                            for try await notification in notifications { output.yield(notification.payload) }
                        }
                    } catch {
                        try? await listening.close()
                        throw error
                    }
                    try? await listening.close()
                } catch {
                    if !Task.isCancelled {
                        logger.warning("listening for database notifications failed", metadata: ["error": "\(error)"])
                    }
                }
                attempted.finish()
                try? await Task.sleep(for: .seconds(1))
            }
            output.finish()
        }
        output.onTermination = { _ in listener.cancel() }
        listeners.withLock { $0.append(listener) }
        for await _ in firstAttempt {}
        return payloads
    }

    func shutdown() async throws {
        for listener in listeners.withLock({ $0 }) {
            listener.cancel()
            await listener.value
        }
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
