import Logging
import NIOCore
import PostgresKit
import SQLKit

/// PostgreSQL as the store's `SQLDatabase`, each query and data change a named prepared
/// statement: parsed and planned once per connection, then only bound and run. (Unnamed
/// statements, PostgresKit's way, are parsed and planned at every run: 40% of the database's
/// CPU per sign-in, measured.) Other statements (DDL, transaction control) and values of
/// types PostgresNIO cannot encode directly go through PostgresKit as before.
struct PreparingPostgresDatabase: SQLDatabase {
    /// Where statements run: any connection of the pool, or one held for a session.
    /// (`@unchecked`: the pool guards its state with locks but predates `Sendable`.)
    enum Connections: @unchecked Sendable {
        case pool(EventLoopGroupConnectionPool<PostgresConnectionSource>)
        case held(PostgresConnection)
    }

    private let connections: Connections
    /// PostgresKit's database on the same connections, for what is not prepared.
    private let unprepared: any SQLDatabase
    private let names: PreparedStatementNames

    /// Statements on any connection of `pool`.
    init(pool: EventLoopGroupConnectionPool<PostgresConnectionSource>, names: PreparedStatementNames, logger: Logger) {
        self.init(connections: .pool(pool), unprepared: pool.database(logger: logger).sql(), names: names)
    }

    private init(connections: Connections, unprepared: any SQLDatabase, names: PreparedStatementNames) {
        self.connections = connections
        self.unprepared = unprepared
        self.names = names
    }

    var logger: Logger { unprepared.logger }
    var eventLoop: any EventLoop { unprepared.eventLoop }
    var version: (any SQLDatabaseReportedVersion)? { unprepared.version }
    var dialect: any SQLDialect { unprepared.dialect }

    func execute(sql query: any SQLExpression, _ onRow: @escaping @Sendable (any SQLRow) -> Void) -> EventLoopFuture<Void> {
        eventLoop.makeFutureWithTask { try await execute(sql: query, onRow) }
    }

    func execute(sql query: any SQLExpression, _ onRow: @escaping @Sendable (any SQLRow) -> Void) async throws {
        var serializer = SQLSerializer(database: self)
        query.serialize(to: &serializer)
        guard Self.isPreparable(serializer.sql), let (bindings, types) = Self.bindings(of: serializer.binds) else {
            return try await unprepared.execute(sql: query, onRow)
        }
        let key = PreparedStatementNames.Key(sql: serializer.sql, types: types)
        guard let name = names.name(for: key) else { return try await unprepared.execute(sql: query, onRow) }
        do {
            try await run(RuntimePreparedStatement.Text(name: name, sql: key.sql), bindings, onRow)
        } catch let error as PSQLError where Self.retires(error) {
            names.retire(key)
            // Outside a transaction nothing has run: once more, under a new name. Inside one, the
            // error has aborted the transaction, and a retry is the caller's.
            guard case .pool = connections, let renamed = names.name(for: key) else { throw error }
            try await run(RuntimePreparedStatement.Text(name: renamed, sql: key.sql), bindings, onRow)
        }
    }

    /// Runs `statement` on a connection, prepared there first unless it already is.
    private func run(_ statement: RuntimePreparedStatement.Text, _ bindings: PostgresBindings, _ onRow: @Sendable (any SQLRow) -> Void) async throws {
        try await withConnection { connection in
            let rows = try await RuntimePreparedStatement.$current.withValue(statement) {
                try await connection.execute(RuntimePreparedStatement(bindings: bindings), logger: logger)
            }
            for try await row in rows { onRow(row.sql()) }
        }
    }

    func withSession<R>(_ closure: @escaping @Sendable (any SQLDatabase) async throws -> R) async throws -> R {
        guard case .pool = connections else { return try await closure(self) }
        return try await withConnection { connection in
            try await closure(Self(connections: .held(connection), unprepared: connection.sql(), names: names))
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

    /// Whether `error` leaves the statement's prepared form unusable on its connection:
    /// PostgresNIO keeps a failed preparation's error for the name, and the server refuses a
    /// prepared statement whose result columns a schema change has changed (`0A000`), one
    /// prepared in an aborted transaction (`25P02`), or one it no longer has (`26000`).
    /// Syntax and schema errors (class `42`) are kept so that a later schema can serve.
    static func retires(_ error: PSQLError) -> Bool {
        guard error.code == .server, let state = error.serverInfo?[.sqlState] else { return false }
        return state == "0A000" || state == "25P02" || state == "26000" || state.hasPrefix("42")
    }
}
