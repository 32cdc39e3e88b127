import Foundation
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
        return try Self.direct(values[index], as: D.self) ?? Self.decoder.decode(D.self, from: values[index])
    }

    /// Text, integers and bytes read as what the stores ask for most (`String`, `Int64`, `Int`,
    /// `Data`, or their optionals), without SQLiteKit's generic decoder and its protocol lookups;
    /// `nil` for anything else, which that decoder reads.
    static func direct<D>(_ value: SQLiteData, as _: D.Type) -> D? {
        switch value {
        case .text(let text):
            if D.self == String.self { return unsafeBitCast(text, to: D.self) }
            if D.self == String?.self { return unsafeBitCast(String?.some(text), to: D.self) }
        case .integer(let number):
            if D.self == Int64.self { return unsafeBitCast(Int64(number), to: D.self) }
            if D.self == Int64?.self { return unsafeBitCast(Int64?.some(Int64(number)), to: D.self) }
            if D.self == Int.self { return unsafeBitCast(number, to: D.self) }
            if D.self == Int?.self { return unsafeBitCast(Int?.some(number), to: D.self) }
        case .blob(let bytes):
            if D.self == Data.self { return unsafeBitCast(Data(bytes.readableBytesView), to: D.self) }
            if D.self == Data?.self { return unsafeBitCast(Data?.some(Data(bytes.readableBytesView)), to: D.self) }
        case .null:
            if D.self == String?.self { return unsafeBitCast(String?.none, to: D.self) }
            if D.self == Int64?.self { return unsafeBitCast(Int64?.none, to: D.self) }
            if D.self == Int?.self { return unsafeBitCast(Int?.none, to: D.self) }
            if D.self == Data?.self { return unsafeBitCast(Data?.none, to: D.self) }
        case .float: break
        }
        return nil
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
