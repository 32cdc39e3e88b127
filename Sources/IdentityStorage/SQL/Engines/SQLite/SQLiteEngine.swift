import Foundation
import Logging
import ServerTracing
import SQLKit
import SQLiteKit
import Tracing

/// SQLite: one connection (SQLite has one writer), WAL, foreign keys on, and by default
/// `synchronous=FULL`, so an acknowledged commit (a revocation, a spent code) survives power
/// loss, not only a crash (``SQLiteSynchronous``). The file is the owner's only. Statements and
/// transactions take turns, so a transaction never sees another task's statements, and
/// transactions that follow each other share one commit (``CommitGroup``): each is a savepoint
/// inside it, answered once the commit is durable. Each statement is prepared once
/// (``SQLiteConnectionHandle``).
///
/// A store operation runs where its task already is (in `bi-server`, the event loop that read
/// the request: Swift's tasks run on the event loops there); the turns let one operation at a
/// time use the connection. What can wait long, a commit's `fsync` and another process's lock,
/// waits on the connection's own thread (``SQLiteWaitingThread``) instead of holding the
/// task's thread.
final class SQLiteEngine: SQLEngine {
    let kind = SQLEngineKind.sqlite
    private let connection: SQLiteConnectionHandle
    private let database: any SQLDatabase
    let group: CommitGroup
    private let waitingThread: SQLiteWaitingThread

    init(
        path: String, synchronous: SQLiteSynchronous = .full, commitWindow: Duration = CommitGroup.defaultWindow,
        lockWait: Duration = SQLiteEngine.defaultLockWait, logger: Logger
    ) async throws {
        try Self.createOwnerOnly(path)
        group = CommitGroup(window: commitWindow)
        let waitingThread = SQLiteWaitingThread(lockWait: lockWait)
        do {
            connection = try SQLiteConnectionHandle(path: path)
        } catch {
            try? await waitingThread.shutdown()
            throw StorageError.unavailable.with(detail: "cannot open \(path): \(error)")
        }
        self.waitingThread = waitingThread
        database = SQLiteDirectDatabase(connection: connection, waitingThread: waitingThread, logger: logger)
        do {
            let mode = try await database.raw("PRAGMA journal_mode = WAL").first()?.decode(column: "journal_mode", as: String.self)
            guard mode?.lowercased() == "wal" else {
                throw StorageError.unavailable.with(detail: "\(path) cannot use write-ahead logging (journal_mode is \(mode ?? "unknown"))")
            }
            try await database.raw("PRAGMA foreign_keys = ON").run()
            // Each unit in a group is a savepoint, whose undo journal would otherwise spill to
            // a temporary file past 64 KiB: measured, 1.3% of a sign-in's CPU in its writes.
            // Sorts and temporary indices that outgrow the page cache (a migration's index on a
            // large table) are then held in memory too.
            try await database.raw("PRAGMA temp_store = MEMORY").run()
            try await database.raw("PRAGMA wal_autocheckpoint = \(unsafeRaw: String(Self.checkpointPages))").run()
            try await database.raw("PRAGMA synchronous = \(unsafeRaw: synchronous.rawValue.uppercased())").run()
        } catch {
            await waitingThread.close(connection)
            try? await waitingThread.shutdown()
            throw error
        }
    }

    /// The log's size, in pages, at which a commit copies it back into the database file (its
    /// checkpoint, two `fsync`s), a pause for the requests of that commit. Ten times SQLite's
    /// default makes the pause ten times rarer, each one longer: measured, the p99 of a sign-in
    /// went from 5.0–6.5 ms to 1.8–2.1 ms. The log file grows to about 40 MB (10,000 pages of
    /// 4 KiB) between checkpoints, more while a reader (a backup) holds an older snapshot, and
    /// keeps its largest size.
    static let checkpointPages = 10_000

    /// How long a statement waits for another process's lock (a careless backup) before the
    /// request is answered 503, rather than stall every request, unless told otherwise.
    static let defaultLockWait: Duration = .seconds(2)

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
        try await unit(.statements, body)
    }

    func runOutsideTransactions<R: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> R) async throws -> R {
        try await unit(.outsideTransactions, body)
    }

    func transaction<R: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> R) async throws -> R {
        try await unit(.transaction, body)
    }

    /// A transaction: it opens a commit group or joins one, where statements on their own
    /// would commit alone (an `fsync` each) whenever no group is open.
    func write<R: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> R) async throws -> R {
        try await transaction(body)
    }

    /// Runs `body` where the task is, in its turn: on its own, or in a group's transaction (a
    /// savepoint of its own if `kind` is a transaction). Statements run as they are (`run`)
    /// keep what succeeded before one that failed, as on their own; in a group, that is
    /// committed with the group. A body must never await another caller of the store: that
    /// caller may be a member parked until the group, which the body holds open, commits.
    private func unit<R: Sendable>(_ kind: CommitGroup.Unit, _ body: @escaping @Sendable (any SQLDatabase) async throws -> R) async throws -> R {
        try await SQLErrors.detectingOutages {
            let inGroup = await group.enter(kind)
            precondition(!(inGroup && kind == .outsideTransactions), "a group is committed before such a unit's turn")
            guard inGroup || kind == .transaction else {
                let outcome = await statements(body)
                await group.release()
                return try outcome.get()
            }
            if !inGroup {
                do {
                    try await database.raw("BEGIN IMMEDIATE").run()
                } catch {
                    await group.release()
                    throw error
                }
                await group.opened()
            }
            // A unit that opened the transaction needs no savepoint: undoing it undoes only it.
            let outcome = await kind == .transaction && inGroup ? savepoint(body) : statements(body)
            return try await Traces.span("SQLite group commit") { span in
                span.attributes["bi.sqlite.opened_group"] = !inGroup
                return try await finish(outcome, opened: !inGroup)
            }
        }
    }

    /// Runs `body` as it is: a failed statement undoes only itself, as on its own.
    private func statements<R: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> R) async -> Result<R, any Error> {
        do {
            return .success(try await body(database))
        } catch {
            return .failure(error)
        }
    }

    /// Runs `body` inside a savepoint, undone if it throws.
    private func savepoint<R: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> R) async -> Result<R, any Error> {
        do {
            try await database.raw("SAVEPOINT unit").run()
            let result = try await body(database)
            try await database.raw("RELEASE unit").run()
            return .success(result)
        } catch {
            do {
                try await database.raw("ROLLBACK TO unit").run()
                try await database.raw("RELEASE unit").run()
            } catch {
                // What it wrote cannot be undone alone: undo the group (``finish(_:opened:)``
                // then fails every member), rather than commit it with the others.
                await rollBack()
            }
            return .failure(error)
        }
    }

    /// Rolls the open transaction back. Should that fail and leave it open, the connection is
    /// closed: every later unit then fails (503) instead of writing into a transaction that
    /// would never commit.
    private func rollBack() async {
        for _ in 1...2 where connection.isInTransaction {
            try? await database.raw("ROLLBACK").run()
        }
        if connection.isInTransaction { await waitingThread.close(connection) }
    }

    /// Ends a unit that ran inside the group: it joins the group's commit while others wait,
    /// or commits the group. A unit that failed is answered after the commit too: what made it
    /// fail (a code another member spent) may be another member's work, not durable before.
    /// The unit that `opened` the group and failed rolls it back, being alone in it. A failure that rolled the whole transaction back (an I/O error, a full disk)
    /// fails every unit in the group.
    private func finish<R: Sendable>(_ outcome: Result<R, any Error>, opened: Bool) async throws -> R {
        guard connection.isInTransaction else {
            let lost: any Error = switch outcome {
            case .failure(let error): error
            case .success: StorageError.unavailable.with(detail: "the transaction was rolled back")
            }
            await group.closed(.failure(lost))
            throw lost
        }
        if opened, case .failure(let error) = outcome {
            await rollBack()
            await group.closed(.success(()))
            throw error
        }
        if case .commit = try await group.leave() {
            do {
                try await commit()
                await group.closed(.success(()))
            } catch {
                await rollBack()
                await group.closed(.failure(error))
                throw error
            }
        }
        return try outcome.get()
    }

    /// Commits the open transaction on the waiting thread: under `synchronous=FULL` it waits
    /// for the disk.
    private func commit() async throws {
        try await waitingThread.execute("COMMIT", [], on: connection)
    }

    /// Nothing to send: one server uses a SQLite file, and it signals its own changes.
    func notify(_ channel: String, payload: String, on db: any SQLDatabase) async throws {}

    /// No other server shares the file, so there is never anything to hear.
    func notifications(on channel: String) async -> AsyncStream<String> {
        AsyncStream { $0.finish() }
    }

    func shutdown() async throws {
        try await runOutsideTransactions { _ in await self.waitingThread.close(self.connection) }
        try await waitingThread.shutdown()
    }
}
