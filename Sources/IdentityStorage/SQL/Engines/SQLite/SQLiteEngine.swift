import Foundation
import Logging
import NIOPosix
import SQLKit
import SQLiteKit

/// SQLite: one connection (SQLite has one writer), WAL, foreign keys on, and
/// `synchronous=FULL`, so an acknowledged commit (a revocation, a spent code) survives power
/// loss, not only a crash. The file is the owner's only. Statements and transactions take
/// turns, so a transaction never sees another task's statements. Each statement is prepared
/// once (``SQLiteConnectionHandle``) and runs on the connection's own thread, where a whole
/// store operation runs.
final class SQLiteEngine: SQLEngine {
    let kind = SQLEngineKind.sqlite
    private let connection: SQLiteConnectionHandle
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
            connection = try SQLiteConnectionHandle(path: path)
        } catch {
            try? await thread.shutdownGracefully()
            throw StorageError.unavailable.with(detail: "cannot open \(path): \(error)")
        }
        self.thread = thread
        executor = ThreadPoolTaskExecutor(pool: thread)
        database = SQLiteDirectDatabase(connection: connection, logger: logger)
        do {
            let mode = try await database.raw("PRAGMA journal_mode = WAL").first()?.decode(column: "journal_mode", as: String.self)
            guard mode?.lowercased() == "wal" else {
                throw StorageError.unavailable.with(detail: "\(path) cannot use write-ahead logging (journal_mode is \(mode ?? "unknown"))")
            }
            try await database.raw("PRAGMA foreign_keys = ON").run()
            try await database.raw("PRAGMA synchronous = FULL").run()
            // A lock held by another process (a careless backup) must not stall every request:
            // give up after a while, 503.
            try await database.raw("PRAGMA busy_timeout = \(unsafeRaw: String(Self.busyTimeoutMilliseconds))").run()
        } catch {
            connection.close()
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
        try await run { _ in self.connection.close() }
        try await thread.shutdownGracefully()
    }
}
