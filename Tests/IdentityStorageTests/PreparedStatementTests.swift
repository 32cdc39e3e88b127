import Foundation
import PostgresNIO
import SQLKit
import Testing

@testable import IdentityStorage

/// PostgreSQL's statements as named prepared statements: prepared once per connection and
/// planned from then on from the kept plan, with the errors that spoil a prepared form
/// (a table missing at preparation, a schema change) repaired by preparing again.
@Suite struct PreparedStatementTests {
    @Test func onlyQueriesAndDataChangesArePrepared() {
        for sql in ["SELECT 1", "select * FROM t", "INSERT INTO t VALUES ($1)", "UPDATE t SET a = $1", "DELETE FROM t", "WITH x AS (SELECT 1) SELECT * FROM x"] {
            #expect(PreparingPostgresDatabase.isPreparable(sql), "\(sql)")
        }
        for sql in ["BEGIN", "COMMIT", "ROLLBACK", "CREATE TABLE t (a TEXT)", "ALTER TABLE t ADD COLUMN b TEXT", "SELECTED", "WITHOUT", "LOCK TABLE t", ""] {
            #expect(!PreparingPostgresDatabase.isPreparable(sql), "\(sql)")
        }
    }

    @Test func valuesAreBoundAsPostgresKitBindsThem() throws {
        let values: [any Encodable & Sendable] = ["ada", Int64(42), Data([1, 2]), String?.none, String?.some("x"), Int64?.none, Data?.some(Data([3]))]
        let (bindings, types) = try #require(PreparingPostgresDatabase.bindings(of: values))
        var expected = PostgresBindings()
        expected.append("ada")
        expected.append(Int64(42))
        try expected.append(Data([1, 2]))
        expected.appendNull()
        expected.append("x")
        expected.appendNull()
        try expected.append(Data([3]))
        #expect(bindings == expected)
        #expect(types == [.text, .int8, .bytea, .null, .text, .null, .bytea])
        // A value PostgresNIO cannot encode directly is left to PostgresKit's encoder: not prepared.
        struct Composite: Encodable { let a = 1 }
        #expect(PreparingPostgresDatabase.bindings(of: ["ada", Composite()]) == nil)
    }

    @Test func aNameStandsForOneTextWithItsTypesInOneProcessOnly() throws {
        let names = PreparedStatementNames(capacity: 3, logger: TestEngine.logger)
        let text = PreparedStatementNames.Key(sql: "SELECT a FROM t WHERE a = $1", types: [.text])
        let first = try #require(names.name(for: text))
        #expect(names.name(for: text) == first)
        // The parameters' types are fixed at preparation: other types, another statement.
        let integer = try #require(names.name(for: .init(sql: text.sql, types: [.int8])))
        #expect(integer != first)
        names.retire(text, named: first)
        let renamed = try #require(names.name(for: text))
        #expect(![first, integer].contains(renamed))
        // A second connection's failure under the old name leaves the new one be.
        names.retire(text, named: first)
        #expect(names.name(for: text) == renamed)
        // Used up: later texts run unprepared, those named keep their names.
        #expect(names.name(for: .init(sql: "SELECT 1", types: [])) == nil)
        #expect(names.name(for: .init(sql: text.sql, types: [.int8])) == integer)
        // Another store's (or process's) names are never these.
        #expect(PreparedStatementNames(logger: TestEngine.logger).name(for: text) != first)
    }

    @Test(.enabled(if: TestEngine.postgresURL != nil))
    func aStatementIsPreparedOncePerConnectionAndItsPlanKept() async throws {
        try await TestEngine.postgres.withStore { store in
            let counts = try await store.engine.transaction { db in
                for _ in 0 ..< 7 {
                    _ = try await db.raw("SELECT id FROM tenants WHERE id = \(bind: "t1")").all()
                }
                try await db.raw("CREATE TEMPORARY TABLE scratch (a TEXT)").run()
                // More values than a prepared statement takes: a bulk statement, run unprepared.
                let many = SQLList((0 ... PreparingPostgresDatabase.mostParameters).map { SQLBind("v\($0)") })
                _ = try await db.raw("SELECT id FROM tenants WHERE id IN (\(many))").all()
                return try await db.raw("""
                    SELECT count(*) FILTER (WHERE statement = 'SELECT id FROM tenants WHERE id = $1') AS statements,
                        sum(generic_plans + custom_plans) FILTER (WHERE statement = 'SELECT id FROM tenants WHERE id = $1')::bigint AS runs,
                        count(*) FILTER (WHERE statement LIKE 'CREATE%') AS definitions,
                        count(*) FILTER (WHERE statement LIKE 'SELECT id FROM tenants WHERE id IN%') AS bulk
                    FROM pg_prepared_statements
                    """).first()
            }
            let row = try #require(counts)
            #expect(try row.decode(column: "statements", as: Int.self) == 1)
            #expect(try row.decode(column: "runs", as: Int.self) == 7)
            #expect(try row.decode(column: "definitions", as: Int.self) == 0)
            #expect(try row.decode(column: "bulk", as: Int.self) == 0)
        }
    }

    /// A connection the database closed (a failover, a terminated backend) fails every
    /// statement sent on it, at once: PostgresNIO drops a statement written to a closed
    /// connection unanswered, and a transaction's ROLLBACK after its database went away waited
    /// forever (found by DatabaseFailoverTests). (The limit is for a hang: with every storage
    /// suite at once on two cores, setting up a store alone has taken a minute.)
    @Test(.enabled(if: TestEngine.postgresURL != nil), .timeLimit(.minutes(5)))
    func aConnectionTheDatabaseClosedFailsEveryStatementAtOnce() async throws {
        try await TestEngine.postgres.withStore { store in
            try await store.engine.run { db in
                try await db.withSession { session in
                    let pid = try #require(try await session.raw("SELECT pg_backend_pid() AS pid").first()?.decode(column: "pid", as: Int32.self))
                    try await db.raw("SELECT pg_terminate_backend(\(bind: pid))").run()
                    for _ in 0..<3 {
                        await #expect(throws: (any Error).self) { try await session.raw("SELECT 1 AS one").run() }
                        await #expect(throws: (any Error).self) { try await session.raw("ROLLBACK").run() }
                    }
                }
            }
            try await store.ping()
        }
    }

    @Test(.enabled(if: TestEngine.postgresURL != nil))
    func aStatementThatFailedToPrepareIsPreparedAgainOnTheSameConnection() async throws {
        try await TestEngine.postgres.withStore { store in
            try await store.engine.run { db in
                try await db.withSession { session in
                    let query: SQLQueryString = "SELECT a FROM arrives_later WHERE a = \(bind: "x")"
                    // PostgresNIO keeps a failed preparation's error under the statement's name.
                    let missing = await #expect(throws: PSQLError.self) { try await session.raw(query).all() }
                    #expect(missing?.serverInfo?[.sqlState] == "42P01")
                    try await session.raw("CREATE TABLE arrives_later (a TEXT)").run()
                    try await session.raw("INSERT INTO arrives_later (a) VALUES (\(bind: "x"))").run()
                    #expect(try await session.raw(query).all().count == 1)
                }
            }
        }
    }

    @Test(.enabled(if: TestEngine.postgresURL != nil))
    func aPreparationThatTimedOutOnALockIsPreparedAgain() async throws {
        try await TestEngine.postgres.withStore { store in
            try await store.run("CREATE TABLE locked (a TEXT)")
            try await store.engine.run { db in
                try await db.withSession { holder in
                    try await db.withSession { session in
                        let query: SQLQueryString = "SELECT a FROM locked WHERE a = \(bind: "x")"
                        try await holder.raw("BEGIN").run()
                        try await holder.raw("LOCK TABLE locked IN ACCESS EXCLUSIVE MODE").run()
                        try await session.raw("SET lock_timeout = '100ms'").run()
                        // Preparing takes the table's lock: it times out, and PostgresNIO keeps that error.
                        let timedOut = await #expect(throws: PSQLError.self) { try await session.raw(query).all() }
                        #expect(timedOut?.serverInfo?[.sqlState] == "55P03")
                        try await holder.raw("COMMIT").run()
                        #expect(try await session.raw(query).all().isEmpty)
                    }
                }
            }
        }
    }

    @Test(.enabled(if: TestEngine.postgresURL != nil))
    func aStatementWhoseColumnsASchemaChangeChangedIsPreparedAgain() async throws {
        try await TestEngine.postgres.withStore { store in
            try await store.run("CREATE TABLE widening (a TEXT)")
            try await store.run("INSERT INTO widening (a) VALUES ('x')")
            let query: SQLQueryString = "SELECT * FROM widening WHERE a = \(bind: "x")"
            try await store.engine.run { db in
                // Prepared on each connection the pool lends (one per event loop at least).
                for _ in 0 ..< 8 { _ = try await db.raw(query).all() }
                try await db.raw("ALTER TABLE widening ADD COLUMN b TEXT DEFAULT 'new'").run()
                // Outside a transaction the server's refusal (0A000) is answered by preparing again.
                for _ in 0 ..< 8 {
                    let row = try #require(try await db.raw(query).first())
                    #expect(try row.decode(column: "b", as: String.self) == "new")
                }
                // On a held connection (a transaction's), the refusal reaches the caller once.
                try await db.withSession { session in
                    _ = try await session.raw(query).all()
                    try await session.raw("ALTER TABLE widening ADD COLUMN c TEXT DEFAULT 'newer'").run()
                    let refusal = await #expect(throws: PSQLError.self) { try await session.raw(query).all() }
                    #expect(refusal?.serverInfo?[.sqlState] == "0A000")
                    let row = try #require(try await session.raw(query).first())
                    #expect(try row.decode(column: "c", as: String.self) == "newer")
                }
            }
        }
    }
}
