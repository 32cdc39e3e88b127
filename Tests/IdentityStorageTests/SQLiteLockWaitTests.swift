import Foundation
import Logging
import SQLKit
import SQLiteNIO
import Testing

@testable import IdentityStorage

/// Statements that would wait (for another process's lock on the SQLite file, or a change
/// outside a transaction for the disk) are refused where they run, and run again on the
/// connection's waiting thread, which waits for the lock up to the busy timeout instead of
/// answering `SQLITE_BUSY` at once.
@Suite struct SQLiteLockWaitTests {
    private static func temporaryPath() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("bi-lock-\(UUID().uuidString).sqlite").path
    }

    /// Without a wait the connection refuses, before running anything, a statement that would
    /// wait: for another connection's lock, or, a change outside a transaction, for the disk.
    /// With a wait it runs, once the lock is gone.
    @Test func aConnectionRefusesToWaitOrWaitsAsAsked() throws {
        let path = Self.temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let holder = try SQLiteConnectionHandle(path: path)
        let waiter = try SQLiteConnectionHandle(path: path)
        defer { holder.close(); waiter.close() }
        try holder.execute("PRAGMA journal_mode = WAL", [], lockWaitMilliseconds: 50) { _ in }
        try holder.execute("CREATE TABLE t (id INTEGER)", [], lockWaitMilliseconds: 50) { _ in }

        #expect(throws: SQLiteConnectionHandle.WouldWait.self) {
            try waiter.execute("INSERT INTO t (id) VALUES (1)", []) { _ in }
        }
        try holder.execute("BEGIN EXCLUSIVE", []) { _ in }
        #expect(throws: SQLiteConnectionHandle.WouldWait.self) {
            try waiter.execute("BEGIN IMMEDIATE", []) { _ in }
        }
        let refused = #expect(throws: SQLiteStatementError.self) {
            try waiter.execute("BEGIN IMMEDIATE", [], lockWaitMilliseconds: 50) { _ in }
        }
        // SQLITE_BUSY
        #expect(refused?.primaryCode == 5 && refused?.isOutage == true)

        try holder.execute("COMMIT", [], lockWaitMilliseconds: 50) { _ in }
        try waiter.execute("BEGIN IMMEDIATE", [], lockWaitMilliseconds: 50) { _ in }
        // Inside a transaction a change waits for nothing: it runs where it is asked to.
        try waiter.execute("INSERT INTO t (id) VALUES (1)", []) { _ in }
        try waiter.execute("COMMIT", [], lockWaitMilliseconds: 50) { _ in }
        var count = 0
        try waiter.execute("SELECT count(*) AS n FROM t", []) { count = try $0.decode(column: "n", as: Int.self) }
        #expect(count == 1)
    }

    /// A store operation that meets a lock held for a moment (shorter than the busy timeout)
    /// succeeds once the lock is released, in a transaction and on its own.
    @Test func anOperationWaitsOutABriefLock() async throws {
        let path = Self.temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let engine = try await SQLiteEngine(path: path, logger: Logger(label: "test"))
        try await engine.run { try await $0.raw("CREATE TABLE t (id INTEGER)").run() }
        let holder = try SQLiteConnectionHandle(path: path)
        defer { holder.close() }

        for (id, asTransaction) in [(1, true), (2, false)] {
            try holder.execute("BEGIN EXCLUSIVE", []) { _ in }
            let insert: @Sendable (any SQLDatabase) async throws -> Void = { try await $0.raw("INSERT INTO t (id) VALUES (\(bind: id))").run() }
            // The lock is held for a moment, then released from a thread of its own (not the
            // tasks' pool, which a loaded machine may keep busy past the engine's lock wait):
            // the insert meets it unless this machine is too slow to start it within the
            // moment (then the test proves less).
            let released = DispatchSemaphore(value: 0)
            DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(300)) {
                try? holder.execute("COMMIT", []) { _ in }
                released.signal()
            }
            try await asTransaction ? engine.transaction(insert) : engine.run(insert)
            await withCheckedContinuation { continuation in
                DispatchQueue.global().async {
                    released.wait()
                    continuation.resume()
                }
            }
        }
        let count = try await engine.run { try await $0.raw("SELECT count(*) AS n FROM t").first()?.decode(column: "n", as: Int.self) }
        #expect(count == 2)
        try await engine.shutdown()
    }

    /// A lock held past the engine's lock wait fails the operation as an outage (a 503), in a
    /// transaction and on its own, and leaves nothing written; once it is released, the same
    /// operations succeed.
    @Test func aLockHeldPastTheWaitIsAnOutageThatWritesNothing() async throws {
        let path = Self.temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let engine = try await SQLiteEngine(path: path, lockWait: .milliseconds(50), logger: Logger(label: "test"))
        try await engine.run { try await $0.raw("CREATE TABLE t (id INTEGER)").run() }
        let holder = try SQLiteConnectionHandle(path: path)
        defer { holder.close() }
        let insert: @Sendable (any SQLDatabase) async throws -> Void = { try await $0.raw("INSERT INTO t (id) VALUES (1)").run() }

        try holder.execute("BEGIN EXCLUSIVE", []) { _ in }
        await #expect(throws: StorageError.unavailable) { try await engine.transaction(insert) }
        await #expect(throws: StorageError.unavailable) { try await engine.run(insert) }
        try holder.execute("COMMIT", [], lockWaitMilliseconds: 50) { _ in }

        let count = { try await engine.run { try await $0.raw("SELECT count(*) AS n FROM t").first()?.decode(column: "n", as: Int.self) } }
        #expect(try await count() == 0)
        try await engine.transaction(insert)
        try await engine.run(insert)
        #expect(try await count() == 2)
        try await engine.shutdown()
    }
}
