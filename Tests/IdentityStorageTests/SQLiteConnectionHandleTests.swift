import Foundation
import NIOCore
import SQLiteKit
import SQLiteNIO
import Testing

@testable import IdentityStorage

/// The SQLite connection's kept statements: reused with new bindings, emptied by a change of
/// schema (so `SELECT *` sees a column added since), constraint errors read from extended codes,
/// and a closed connection refusing work instead of crashing.
@Suite struct SQLiteConnectionHandleTests {
    private static func rows(_ connection: SQLiteConnectionHandle, _ sql: String, _ binds: [SQLiteData] = []) throws -> [[String]] {
        var rows: [[String]] = []
        try connection.execute(sql, binds, lockWaitMilliseconds: 1000) { row in rows.append(row.allColumns) }
        return rows
    }

    @Test func keptStatementsFollowTheSchemaAndErrorsCarryExtendedCodes() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("bi-handle-\(UUID().uuidString).sqlite").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let connection = try SQLiteConnectionHandle(path: path)
        _ = try Self.rows(connection, "CREATE TABLE t (id TEXT PRIMARY KEY)")
        _ = try Self.rows(connection, "INSERT INTO t (id) VALUES (?1)", [.text("a")])
        _ = try Self.rows(connection, "INSERT INTO t (id) VALUES (?1)", [.text("b")])
        #expect(try Self.rows(connection, "SELECT * FROM t WHERE id = ?1", [.text("a")]) == [["id"]])

        _ = try Self.rows(connection, "ALTER TABLE t ADD COLUMN note TEXT")
        #expect(try Self.rows(connection, "SELECT * FROM t WHERE id = ?1", [.text("b")]) == [["id", "note"]])

        #expect(throws: SQLiteStatementError.self) {
            do {
                _ = try Self.rows(connection, "INSERT INTO t (id) VALUES (?1)", [.text("a")])
            } catch let error as SQLiteStatementError {
                #expect(error.isUniquenessViolation && !error.isOutage, "\(error)")
                throw error
            }
        }
        // The failed statement was reset: the same one runs again with other values.
        _ = try Self.rows(connection, "INSERT INTO t (id) VALUES (?1)", [.text("c")])
        #expect(try Self.rows(connection, "SELECT id FROM t").count == 3)

        connection.close()
        // An outage (a 503), not a server fault.
        #expect(throws: StorageError.unavailable) { _ = try Self.rows(connection, "SELECT id FROM t") }
    }

    /// Columns read by a row's shortcut for text and integers give what SQLiteKit's decoder
    /// gives, `NULL` included, and everything else still goes through that decoder.
    @Test func rowsReadTextAndIntegersAsTheDecoderDoes() throws {
        let row = SQLiteResultRow(
            columns: SQLiteColumnNames(["text", "integer", "null", "real", "blob", "flag"]),
            values: [.text("ada"), .integer(42), .null, .float(1.5), .blob(ByteBuffer(bytes: [1, 2])), .integer(1)])
        #expect(try row.decode(column: "text", as: String.self) == "ada")
        #expect(try row.decode(column: "text", as: String?.self) == "ada")
        #expect(try row.decode(column: "integer", as: Int64.self) == 42)
        #expect(try row.decode(column: "integer", as: Int64?.self) == 42)
        #expect(try row.decode(column: "integer", as: Int.self) == 42)
        #expect(try row.decode(column: "integer", as: Int?.self) == 42)
        #expect(try row.decode(column: "null", as: String?.self) == nil)
        #expect(try row.decode(column: "null", as: Int64?.self) == nil)
        #expect(try row.decode(column: "null", as: Int?.self) == nil)
        #expect(try row.decode(column: "flag", as: Bool.self) == true)
        #expect(try row.decode(column: "real", as: Double.self) == 1.5)
        #expect(try row.decode(column: "blob", as: Data.self) == Data([1, 2]))
        #expect(try row.decode(column: "blob", as: Data?.self) == Data([1, 2]))
        #expect(try row.decode(column: "null", as: Data?.self) == nil)
        #expect((try? row.decode(column: "text", as: Data.self)) == (try? SQLiteDataDecoder().decode(Data.self, from: .text("ada"))))
        // NULL read as an optional by the shortcut itself, not left to the decoder.
        #expect(SQLiteResultRow.direct(.null, as: String?.self) == .some(nil))
        #expect(SQLiteResultRow.direct(.null, as: Int64?.self) == .some(nil))
        #expect(SQLiteResultRow.direct(.text("ada"), as: String.self) == "ada")
        #expect(SQLiteResultRow.direct(.blob(ByteBuffer(bytes: [1, 2])), as: Data.self) == Data([1, 2]))
        #expect(SQLiteResultRow.direct(.blob(ByteBuffer(bytes: [3])), as: Data?.self) == .some(Data([3])))
        #expect(SQLiteResultRow.direct(.null, as: Data?.self) == .some(nil))
        #expect(SQLiteResultRow.direct(.null, as: Int?.self) == .some(nil))
        #expect(SQLiteResultRow.direct(.integer(7), as: Int?.self) == .some(7))
        // Anything else is the decoder's: a float, text as bytes, NULL as a non-optional.
        #expect(SQLiteResultRow.direct(.float(1.5), as: Double.self) == nil)
        #expect(SQLiteResultRow.direct(.text("ab"), as: Data.self) == nil)
        #expect(SQLiteResultRow.direct(.null, as: String.self) == nil)
        #expect(throws: DecodingError.self) { try row.decode(column: "null", as: String.self) }
        #expect(throws: DecodingError.self) { try row.decode(column: "text", as: Int64.self) }
    }
}
