import Logging
import NIOCore
import PostgresKit
import SQLKit
import Synchronization

/// PostgreSQL as the store's `SQLDatabase`, each query and data change a named prepared
/// statement: parsed and planned once per connection, then only bound and run. (Unnamed
/// statements, PostgresKit's way, are parsed and planned at every run: 40% of the database's
/// CPU per sign-in, measured.) Other statements (DDL, transaction control) and values of
/// types PostgresNIO cannot encode directly go through PostgresKit as before, on the same
/// connections.
struct PreparingPostgresDatabase: SQLDatabase {
    /// Where statements run: any connection of the pool, or one held for a session.
    /// (`@unchecked`: the pool guards its state with locks but predates `Sendable`.)
    enum Connections: @unchecked Sendable {
        case pool(EventLoopGroupConnectionPool<PostgresConnectionSource>)
        case held(PostgresConnection)
    }

    private let connections: Connections
    /// PostgresKit's database on the same connections: what the `SQLDatabase` reports.
    private let unprepared: any SQLDatabase
    private let names: PreparedStatementNames
    private let watch: ClosedConnectionWatch

    /// Statements on any connection of `pool`.
    init(pool: EventLoopGroupConnectionPool<PostgresConnectionSource>, names: PreparedStatementNames, logger: Logger) {
        self.init(connections: .pool(pool), unprepared: pool.database(logger: logger).sql(), names: names, watch: ClosedConnectionWatch())
    }

    private init(connections: Connections, unprepared: any SQLDatabase, names: PreparedStatementNames, watch: ClosedConnectionWatch) {
        self.connections = connections
        self.unprepared = unprepared
        self.names = names
        self.watch = watch
    }

    var logger: Logger { unprepared.logger }
    var eventLoop: any EventLoop { unprepared.eventLoop }
    var version: (any SQLDatabaseReportedVersion)? { unprepared.version }
    var dialect: any SQLDialect { unprepared.dialect }

    func execute(sql query: any SQLExpression, _ onRow: @escaping @Sendable (any SQLRow) -> Void) -> EventLoopFuture<Void> {
        eventLoop.makeFutureWithTask { try await execute(sql: query, onRow) }
    }

    /// Runs `query` on a connection (the held one, or one of the pool's), as a named prepared
    /// statement when it is one worth keeping; it fails as soon as its connection closes
    /// (``ClosedConnectionWatch``).
    func execute(sql query: any SQLExpression, _ onRow: @escaping @Sendable (any SQLRow) -> Void) async throws {
        var serializer = SQLSerializer(database: self)
        query.serialize(to: &serializer)
        guard Self.isPreparable(serializer.sql), serializer.binds.count <= Self.mostParameters,
              let (bindings, types) = Self.bindings(of: serializer.binds)
        else { return try await runUnprepared(query, onRow) }
        let key = PreparedStatementNames.Key(sql: serializer.sql, types: types)
        guard let name = names.name(for: key) else { return try await runUnprepared(query, onRow) }
        let delivered = RowsDelivered()
        do {
            try await run(RuntimePreparedStatement.Text(name: name, sql: key.sql), bindings, onRow, delivered: delivered)
        } catch let error as PSQLError where Self.spoils(error) {
            names.retire(key, named: name)
            // Outside a transaction, a statement refused before it ran is run once more, prepared
            // afresh. Inside one, the error has aborted the transaction: a retry is the caller's.
            guard case .pool = connections, Self.isRefusedBeforeRunning(error), !delivered.any else { throw error }
            guard let renamed = names.name(for: key) else { return try await runUnprepared(query, onRow) }
            try await run(RuntimePreparedStatement.Text(name: renamed, sql: key.sql), bindings, onRow, delivered: delivered)
        }
    }

    /// Runs `statement` on a connection, prepared there first unless it already is; `delivered`
    /// turns true once a row has been handed to `onRow`.
    private func run(
        _ statement: RuntimePreparedStatement.Text, _ bindings: PostgresBindings, _ onRow: @escaping @Sendable (any SQLRow) -> Void,
        delivered: RowsDelivered
    ) async throws {
        try await withConnection { [logger, watch] connection in
            try await watch.run(on: connection) {
                let rows = try await RuntimePreparedStatement.$current.withValue(statement) {
                    try await connection.execute(RuntimePreparedStatement(bindings: bindings), logger: logger)
                }
                for try await row in rows {
                    delivered.note()
                    onRow(row.sql())
                }
            }
        }
    }

    /// Whether a statement has handed a row to its caller (and so may not be run again).
    final class RowsDelivered: Sendable {
        private let delivered = Atomic(false)

        var any: Bool { delivered.load(ordering: .relaxed) }

        func note() { delivered.store(true, ordering: .relaxed) }
    }

    /// Runs `query` as PostgresKit does (DDL, transaction control, bulk statements).
    private func runUnprepared(_ query: any SQLExpression, _ onRow: @escaping @Sendable (any SQLRow) -> Void) async throws {
        try await withConnection { [watch] connection in
            try await watch.run(on: connection) { try await connection.sql().execute(sql: query, onRow) }
        }
    }

    func withSession<R>(_ closure: @escaping @Sendable (any SQLDatabase) async throws -> R) async throws -> R {
        guard case .pool = connections else { return try await closure(self) }
        return try await withConnection { connection in
            try await closure(Self(connections: .held(connection), unprepared: connection.sql(), names: names, watch: watch))
        }
    }

    /// Runs `body` on the held connection, or on one of the pool's, given back after.
    private func withConnection<R>(_ body: (PostgresConnection) async throws -> R) async throws -> R {
        switch connections {
        case .held(let connection):
            return try await body(connection)
        case .pool(let pool):
            let connection = try await pool.requestConnection(logger: logger).get()
            defer { pool.releaseConnection(connection, logger: logger) }
            return try await body(connection)
        }
    }

    /// Queries and data changes (`SELECT`, `INSERT`, `UPDATE`, `DELETE`, `WITH`): the
    /// statements whose plans are worth keeping.
    static func isPreparable(_ sql: String) -> Bool {
        preparableVerbs.contains(sql.prefix(while: \.isLetter).uppercased())
    }

    private static let preparableVerbs: Set<String> = ["SELECT", "INSERT", "UPDATE", "DELETE", "WITH"]

    /// `values` encoded as PostgresKit would encode them, with their types; `nil` when one
    /// needs PostgresKit's `Encodable` path.
    static func bindings(of values: [any Encodable & Sendable]) -> (PostgresBindings, [PostgresDataType])? {
        var bindings = PostgresBindings(capacity: values.count)
        var types: [PostgresDataType] = []
        types.reserveCapacity(values.count)
        for value in values {
            if let optional = value as? any OptionalValue, optional.isNone {
                bindings.appendNull()
                types.append(.null)
            } else if let value = value as? any PostgresThrowingDynamicTypeEncodable, (try? bindings.append(value)) != nil {
                types.append(value.psqlType)
            } else {
                return nil
            }
        }
        return (bindings, types)
    }

    /// The most values a prepared statement takes: texts with more are bulk inserts whose text
    /// varies with their size, whose plans are not worth a name on every connection.
    static let mostParameters = 64

    /// Whether `error` may leave the statement's prepared form unusable on its connection, so
    /// that the statement is prepared again under a new name: PostgresNIO keeps the error of a
    /// failed preparation under the name, whatever it was (a missing table, a lock or statement
    /// timeout, an aborted transaction), and the server refuses a prepared statement whose
    /// result columns a schema change has changed (`0A000`) or one it no longer has (`26000`).
    /// Only errors in the values themselves (classes `22` data and `23` integrity, such as a
    /// unique violation) say nothing about the prepared form.
    static func spoils(_ error: PSQLError) -> Bool {
        guard error.code == .server, let state = error.serverInfo?[.sqlState] else { return false }
        return !state.hasPrefix("22") && !state.hasPrefix("23")
    }

    /// Whether the server refused the prepared statement itself, before running it: a fresh
    /// preparation serves where it did not.
    static func isRefusedBeforeRunning(_ error: PSQLError) -> Bool {
        error.serverInfo?[.sqlState] == "0A000" || error.serverInfo?[.sqlState] == "26000"
    }
}
