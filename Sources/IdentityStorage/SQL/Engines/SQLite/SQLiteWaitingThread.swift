import NIOPosix
import SQLiteNIO

/// The one thread where a SQLite connection waits: for another process's lock (SQLite's busy
/// timeout) and for the disk at a commit.
///
/// A store operation's statements run where its task already is: a hop to a thread of the
/// connection's own and back for each operation cost a quarter of a sign-in's CPU. Only waits
/// that can last are sent here, so none of them ever holds the task's thread (in `bi-server`,
/// an event loop).
final class SQLiteWaitingThread: Sendable {
    private let pool = NIOThreadPool(numberOfThreads: 1)
    /// How long a statement waits for another connection's lock before it fails with
    /// `SQLITE_BUSY` (a 503), rather than stall every request behind a careless backup: SQLite's
    /// busy timeout, at least 1 ms (without a wait the connection would refuse to wait, here of
    /// all places).
    private let lockWaitMilliseconds: Int32

    /// Starts the thread, whose statements wait up to `lockWait` for a lock.
    init(lockWait: Duration) {
        lockWaitMilliseconds = Int32(min(max(lockWait / .milliseconds(1), 1), Double(Int32.max)))
        pool.start()
    }

    /// Runs `sql` on `connection` from the thread, waiting for a lock as long as it was told to.
    func execute(
        _ sql: String, _ binds: [SQLiteData], on connection: SQLiteConnectionHandle,
        _ onRow: @escaping @Sendable (SQLiteResultRow) throws -> Void = { _ in }
    ) async throws {
        try await run { [lockWaitMilliseconds] in try connection.execute(sql, binds, lockWaitMilliseconds: lockWaitMilliseconds, onRow) }
    }

    /// Closes `connection` from the thread: closing the last connection checkpoints the WAL
    /// into the database file and syncs it.
    func close(_ connection: SQLiteConnectionHandle) async {
        _ = try? await run { connection.close() }
    }

    /// Runs `body` on the thread and returns what it returned. Unlike `NIOThreadPool.runIfActive`,
    /// it is not cancelled with the task: a commit other tasks wait on must run to its end.
    private func run<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            pool.submit { state in
                guard case .active = state else {
                    continuation.resume(throwing: StorageError.unavailable.with(detail: "the database is closing"))
                    return
                }
                continuation.resume(with: Result(catching: body))
            }
        }
    }

    /// Stops the thread once what was sent to it has run.
    func shutdown() async throws {
        try await pool.shutdownGracefully()
    }
}
