import CSQLiteSettings
import Foundation
import NIOCore
import SQLiteNIO
import VaporCSQLite

/// One SQLite connection driven through SQLite's C API, with every statement prepared once and
/// kept (`SQLITE_PREPARE_PERSISTENT`), then reset and bound again at each use, its column names
/// read once. Not thread-safe: ``SQLiteEngine`` calls it from one thread at a time (a unit's
/// turn, handed between threads through locks and continuations, which order its uses), so it
/// is `@unchecked Sendable`.
final class SQLiteConnectionHandle: @unchecked Sendable {
    private var handle: OpaquePointer?
    private var statements: [String: Statement] = [:]

    /// A prepared statement and its result columns.
    private struct Statement {
        let handle: OpaquePointer
        let columns: SQLiteColumnNames
        /// Whether it changes the database (transaction control aside, which SQLite counts as
        /// a change from `BEGIN IMMEDIATE` on): outside a transaction, it commits.
        let changes: Bool
        /// Whether it is data definition (`CREATE`, `ALTER`, `DROP`), which changes the columns
        /// a kept statement reads.
        let changesSchema: Bool
    }

    /// The most statements kept: SQL text that varies with its arguments (a list of values)
    /// would otherwise grow the cache without bound. Past it, the cache starts over.
    static let capacity = 512

    /// Opens (creating it if needed) the database file at `path`, with extended result codes.
    init(path: String) throws {
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
        let opened = sqlite_nio_sqlite3_open_v2(path, &handle, flags, nil)
        guard opened == SQLITE_OK, let handle else {
            let error = SQLiteStatementError(code: opened, message: handle.map { String(cString: sqlite_nio_sqlite3_errmsg($0)) } ?? "cannot open")
            sqlite_nio_sqlite3_close_v2(handle)
            throw error
        }
        sqlite_nio_sqlite3_extended_result_codes(handle, 1)
        // Without it, a statement whose plan looked at a bound value is prepared again at
        // every bind (measured: the lookups of an access token's standing, a credential and a
        // code were, at every run).
        bi_sqlite_enable_stable_plans(UnsafeMutableRawPointer(handle))
    }

    /// The statement would wait, and was not to: for a lock another connection (another
    /// process) holds, or, as a change outside a transaction, for its commit to reach the disk.
    /// Nothing has run; the statement may be run again, waiting.
    struct WouldWait: Error {}

    /// Runs `sql` with `binds`, handing each result row to `onRow`. A statement that needs a
    /// lock another connection holds waits for it up to `lockWaitMilliseconds` (SQLite's busy
    /// timeout), then fails with `SQLITE_BUSY`. Without a wait it must not block: it throws
    /// ``WouldWait`` for a lock, and for a change outside a transaction (which commits, an
    /// `fsync`), before it runs. A statement that changes the schema (a migration's `CREATE`,
    /// `ALTER`, `DROP`) empties the cache afterwards, so no kept statement answers with the
    /// columns a table had before.
    func execute(
        _ sql: String, _ binds: [SQLiteData], lockWaitMilliseconds: Int32 = 0, _ onRow: (SQLiteResultRow) throws -> Void
    ) throws {
        guard let handle else { throw StorageError.unavailable.with(detail: "the SQLite connection is closed") }
        guard lockWaitMilliseconds > 0 else { return try run(sql, binds, refusingToWait: true, onRow) }
        sqlite_nio_sqlite3_busy_timeout(handle, lockWaitMilliseconds)
        defer { sqlite_nio_sqlite3_busy_timeout(handle, 0) }
        try run(sql, binds, refusingToWait: false, onRow)
    }

    private func run(
        _ sql: String, _ binds: [SQLiteData], refusingToWait: Bool, _ onRow: (SQLiteResultRow) throws -> Void
    ) throws {
        let statement: Statement
        do {
            statement = try prepared(sql)
        } catch let error as SQLiteStatementError where refusingToWait && error.primaryCode == SQLITE_BUSY {
            throw WouldWait()  // reading the schema needs a lock too
        }
        if refusingToWait, statement.changes, !isInTransaction { throw WouldWait() }
        defer {
            sqlite_nio_sqlite3_reset(statement.handle)
            sqlite_nio_sqlite3_clear_bindings(statement.handle)
            if statement.changesSchema { finalizeAll() }
        }
        for (offset, value) in binds.enumerated() { try bind(value, at: Int32(offset + 1), of: statement.handle) }
        var rows = 0
        while true {
            let stepped = sqlite_nio_sqlite3_step(statement.handle)
            if stepped == SQLITE_DONE { return }
            // SQLite allows a statement that was busy to run again only outside a transaction
            // (or a COMMIT, which the engine never runs without waiting): inside one, it is an outage.
            if refusingToWait, rows == 0, stepped & 0xFF == SQLITE_BUSY, !isInTransaction { throw WouldWait() }
            guard stepped == SQLITE_ROW else { throw error(stepped) }
            rows += 1
            let count = statement.columns.names.count
            var values: [SQLiteData] = []
            values.reserveCapacity(count)
            for column in 0..<Int32(count) { values.append(try value(at: column, of: statement.handle)) }
            try onRow(SQLiteResultRow(columns: statement.columns, values: values))
        }
    }

    /// Whether a transaction is open (`BEGIN` without its `COMMIT` or `ROLLBACK` yet).
    var isInTransaction: Bool {
        handle.map { sqlite_nio_sqlite3_get_autocommit($0) == 0 } ?? false
    }

    /// Finalizes every statement and closes the connection.
    func close() {
        finalizeAll()
        sqlite_nio_sqlite3_close_v2(handle)
        handle = nil
    }

    private func prepared(_ sql: String) throws -> Statement {
        if let statement = statements[sql] { return statement }
        if statements.count >= Self.capacity { finalizeAll() }
        var prepared: OpaquePointer?
        let result = sqlite_nio_sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &prepared, nil)
        guard result == SQLITE_OK, let prepared else { throw error(result) }
        let names = (0..<sqlite_nio_sqlite3_column_count(prepared)).map { column in
            sqlite_nio_sqlite3_column_name(prepared, column).map { String(cString: $0) } ?? ""
        }
        let keyword = Self.firstKeyword(sql)
        let statement = Statement(
            handle: prepared, columns: SQLiteColumnNames(names),
            changes: sqlite_nio_sqlite3_stmt_readonly(prepared) == 0 && !Self.transactionControl.contains(keyword),
            changesSchema: Self.dataDefinition.contains(keyword))
        statements[sql] = statement
        return statement
    }

    private func finalizeAll() {
        for statement in statements.values { sqlite_nio_sqlite3_finalize(statement.handle) }
        statements = [:]
    }

    /// The first keywords of data definition.
    private static let dataDefinition: Set = ["CREATE", "ALTER", "DROP"]
    /// The first keywords of statements that begin or end a transaction or savepoint.
    private static let transactionControl: Set = ["BEGIN", "COMMIT", "END", "ROLLBACK", "SAVEPOINT", "RELEASE"]

    private static func firstKeyword(_ sql: String) -> String {
        sql.drop { $0.isWhitespace }.prefix { $0.isLetter }.uppercased()
    }

    private func bind(_ value: SQLiteData, at index: Int32, of statement: OpaquePointer) throws {
        let result: Int32 = switch value {
        case .blob(let bytes):
            bytes.withUnsafeReadableBytes {
                sqlite_nio_sqlite3_bind_blob64(statement, index, $0.baseAddress, UInt64($0.count), Self.transient)
            }
        case .float(let number): sqlite_nio_sqlite3_bind_double(statement, index, number)
        case .integer(let number): sqlite_nio_sqlite3_bind_int64(statement, index, Int64(number))
        case .null: sqlite_nio_sqlite3_bind_null(statement, index)
        case .text(let text):
            sqlite_nio_sqlite3_bind_text64(statement, index, text, UInt64(text.utf8.count), Self.transient, UInt8(SQLITE_UTF8))
        }
        guard result == SQLITE_OK else { throw error(result) }
    }

    private func value(at column: Int32, of statement: OpaquePointer) throws -> SQLiteData {
        switch sqlite_nio_sqlite3_column_type(statement, column) {
        case SQLITE_INTEGER: return .integer(Int(sqlite_nio_sqlite3_column_int64(statement, column)))
        case SQLITE_FLOAT: return .float(sqlite_nio_sqlite3_column_double(statement, column))
        case SQLITE_TEXT:
            guard let text = sqlite_nio_sqlite3_column_text(statement, column) else { throw error(SQLITE_NOMEM) }
            return .text(String(cString: text))
        case SQLITE_BLOB:
            let count = Int(sqlite_nio_sqlite3_column_bytes(statement, column))
            var buffer = ByteBufferAllocator().buffer(capacity: count)
            if let bytes = sqlite_nio_sqlite3_column_blob(statement, column) {
                buffer.writeBytes(UnsafeRawBufferPointer(start: bytes, count: count))
            }
            return .blob(buffer)
        default: return .null
        }
    }

    private func error(_ code: Int32) -> SQLiteStatementError {
        SQLiteStatementError(code: code, message: handle.map { String(cString: sqlite_nio_sqlite3_errmsg($0)) } ?? "")
    }

    /// SQLite copies a value bound with this destructor.
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
}
