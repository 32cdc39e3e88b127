import Foundation
import Logging
import SQLKit
import SQLiteNIO
import Testing

@testable import IdentityStorage

/// SQLite's group commit: transactions that queue behind one another share its commit, each
/// undone alone when it fails, each answered only once the shared commit is durable, all failed
/// when that commit fails; a statement that cannot run in a transaction waits for the commit.
@Suite struct CommitGroupTests {
    private struct Refused: Error {}

    /// What the last transaction of a group read from the other connection.
    private actor Seen {
        var ids: [String]?
        func record(_ ids: [String]) { self.ids = ids }
    }

    private static func outcome(_ body: () async throws -> Void) async -> Result<Void, any Error> {
        do {
            try await body()
            return .success(())
        } catch {
            return .failure(error)
        }
    }

    /// A SQLite engine on a new file with a table `t` whose `parent` must name a row of `p`,
    /// checked at commit; and a second connection to the file, which sees only what is committed.
    private static func engine(window: Duration = .seconds(600)) async throws -> (SQLiteEngine, SQLiteConnectionHandle, String) {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("bi-group-\(UUID().uuidString).sqlite").path
        // By default a window no loaded machine outlasts: most tests here are about who shares a
        // commit, not when.
        let engine = try await SQLiteEngine(path: path, commitWindow: window, logger: Logger(label: "test"))
        try await engine.run { db in
            try await db.raw("CREATE TABLE p (id TEXT PRIMARY KEY)").run()
            try await db.raw("CREATE TABLE t (id TEXT PRIMARY KEY, parent TEXT REFERENCES p (id) DEFERRABLE INITIALLY DEFERRED)").run()
        }
        return (engine, try SQLiteConnectionHandle(path: path), path)
    }

    private static func insert(_ id: String, parent: String? = nil) -> @Sendable (any SQLDatabase) async throws -> Void {
        { db in try await db.raw("INSERT INTO t (id, parent) VALUES (\(bind: id), \(bind: parent))").run() }
    }

    private static func committedIDs(_ reader: SQLiteConnectionHandle) throws -> [String] {
        var ids: [String] = []
        try reader.execute("SELECT id FROM t ORDER BY id", []) { row in ids.append(try row.decode(column: "id", as: String.self)) }
        return ids
    }

    /// Runs `first` as a transaction that holds its turn until `others` have all queued behind it.
    private static func queued(
        on engine: SQLiteEngine, first: @escaping @Sendable (any SQLDatabase) async throws -> Void,
        others: [@Sendable () async throws -> Void]
    ) async -> [Result<Void, any Error>] {
        let (gate, open) = AsyncStream<Void>.makeStream()
        let (holding, held) = AsyncStream<Void>.makeStream()
        return await withTaskGroup(of: (Int, Result<Void, any Error>).self) { tasks in
            tasks.addTask {
                (0, await outcome { try await engine.transaction { db in
                    try await first(db)
                    held.yield()
                    for await _ in gate { break }
                } })
            }
            for await _ in holding { break }
            for (index, other) in others.enumerated() {
                while await engine.group.waitingUnits < index { await Task.yield() }
                tasks.addTask { (index + 1, await outcome(other)) }
            }
            while await engine.group.waitingUnits < others.count { await Task.yield() }
            open.yield()
            var results = [Result<Void, any Error>](repeating: .success(()), count: others.count + 1)
            for await (index, result) in tasks { results[index] = result }
            return results
        }
    }

    @Test func queuedTransactionsShareOneCommitAndFailAlone() async throws {
        let (engine, reader, path) = try await Self.engine()
        defer { reader.close(); try? FileManager.default.removeItem(atPath: path) }
        let seen = Seen()
        let results = await Self.queued(on: engine, first: Self.insert("a"), others: [
            { try await engine.transaction { db in try await Self.insert("b")(db); throw Refused() } },
            { try await engine.transaction { db in
                try await Self.insert("c")(db)
                // Still one transaction: nothing of "a" is committed yet.
                await seen.record(try Self.committedIDs(reader))
            } },
        ])
        #expect(await seen.ids == [])
        #expect(results.map { (try? $0.get()) != nil } == [true, false, true])
        #expect(throws: Refused.self) { try results[1].get() }
        // Answered only once durable: what each was told is what another connection reads.
        #expect(try Self.committedIDs(reader) == ["a", "c"])
        try await engine.shutdown()
    }

    @Test func aGroupPastItsWindowCommitsBeforeTheNextUnitRuns() async throws {
        let (engine, reader, path) = try await Self.engine(window: .zero)
        defer { reader.close(); try? FileManager.default.removeItem(atPath: path) }
        let seen = Seen()
        let results = await Self.queued(on: engine, first: Self.insert("a"), others: [
            { try await engine.transaction { db in
                try await Self.insert("b")(db)
                await seen.record(try Self.committedIDs(reader))
            } },
        ])
        for result in results { try result.get() }
        #expect(await seen.ids == ["a"], "the first committed on its own, the write lock held no longer")
        try await engine.shutdown()
    }

    @Test func aFailedCommitFailsEveryTransactionInTheGroup() async throws {
        let (engine, reader, path) = try await Self.engine()
        defer { reader.close(); try? FileManager.default.removeItem(atPath: path) }
        let results = await Self.queued(on: engine, first: Self.insert("a"), others: [
            { try await engine.transaction { db in try await Self.insert("r")(db); throw Refused() } },
            { try await engine.transaction(Self.insert("b", parent: "nobody")) },
        ])
        // Even the member that failed on its own hears of the commit: what it saw was not durable.
        for result in results {
            #expect(throws: SQLiteStatementError.self) { try result.get() }
        }
        #expect(try Self.committedIDs(reader) == [])
        // The connection is usable again, alone.
        try await engine.transaction(Self.insert("d"))
        #expect(try Self.committedIDs(reader) == ["d"])
        try await engine.shutdown()
    }

    @Test func aStatementThatCannotRunInATransactionWaitsForTheCommit() async throws {
        let (engine, reader, path) = try await Self.engine()
        let backup = path + ".backup"
        defer { reader.close(); try? FileManager.default.removeItem(atPath: path); try? FileManager.default.removeItem(atPath: backup) }
        let results = await Self.queued(on: engine, first: Self.insert("a"), others: [
            { try await engine.transaction(Self.insert("b")) },
            { try await engine.runOutsideTransactions { db in try await db.raw("VACUUM INTO \(bind: backup)").run() } },
        ])
        for result in results { try result.get() }
        let copy = try SQLiteConnectionHandle(path: backup)
        defer { copy.close() }
        #expect(try Self.committedIDs(copy) == ["a", "b"])
        try await engine.shutdown()
    }
}
