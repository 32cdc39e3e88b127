import SQLKit
import SQLiteKit
import SQLiteNIO

/// One row of a result, its columns named once per statement (``SQLiteStatementCache``).
struct SQLiteResultRow: SQLRow {
    /// The statement's column names and where each is.
    let columns: SQLiteColumnNames
    let values: [SQLiteData]

    private static let decoder = SQLiteDataDecoder()

    var allColumns: [String] { columns.names }

    func contains(column: String) -> Bool { columns.index[column] != nil }

    func decodeNil(column: String) throws -> Bool {
        guard let index = columns.index[column] else { return true }
        return values[index] == .null
    }

    func decode<D: Decodable>(column: String, as type: D.Type) throws -> D {
        guard let index = columns.index[column] else {
            throw DecodingError.keyNotFound(
                SomeCodingKey(stringValue: column), .init(codingPath: [], debugDescription: "no column '\(column)' in the result"))
        }
        return try Self.decoder.decode(D.self, from: values[index])
    }
}

/// A statement's result columns: their names in order, and the index of each name (the first,
/// when a name repeats).
final class SQLiteColumnNames: Sendable {
    let names: [String]
    let index: [String: Int]

    init(_ names: [String]) {
        self.names = names
        index = Dictionary(names.enumerated().map { ($0.element, $0.offset) }, uniquingKeysWith: { first, _ in first })
    }
}
