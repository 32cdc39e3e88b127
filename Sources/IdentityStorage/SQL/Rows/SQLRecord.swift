import Foundation
import SQLKit

/// A column name and the value bound to it.
typealias SQLColumn = (name: String, value: any Encodable & Sendable)

/// A record stored as one row of one table.
protocol SQLRecord: Sendable {
    static var table: String { get }
    /// Every column with its value, for inserts.
    var columns: [SQLColumn] { get }
    init(row: any SQLRow) throws
}

extension SQLRow {
    func string(_ column: String) throws -> String { try decode(column: column, as: String.self) }
    func optionalString(_ column: String) throws -> String? { try decode(column: column, as: String?.self) }
    func data(_ column: String) throws -> Data { try decode(column: column, as: Data.self) }
    func optionalData(_ column: String) throws -> Data? { try decode(column: column, as: Data?.self) }
    func date(_ column: String) throws -> Date { Date(milliseconds: try decode(column: column, as: Int64.self)) }
    func optionalDate(_ column: String) throws -> Date? {
        try decode(column: column, as: Int64?.self).map(Date.init(milliseconds:))
    }
    /// A value stored as its raw string; one this version does not know is ``StorageError/invalidValue``.
    func value<Value: RawRepresentable>(_ column: String) throws -> Value where Value.RawValue == String {
        let raw = try string(column)
        guard let value = Value(rawValue: raw) else { throw StorageError.invalidValue.with(detail: "\(column) = \(raw)") }
        return value
    }
    /// A string list stored as JSON text.
    func strings(_ column: String) throws -> [String] {
        let text = try string(column)
        return try plainStrings(text) ?? storedLists.decoder.decode([String].self, from: Data(text.utf8))
    }
    /// A list of values stored as JSON text of their raw strings.
    func values<Value: RawRepresentable>(_ column: String) throws -> [Value] where Value.RawValue == String {
        try strings(column).map { raw in
            guard let value = Value(rawValue: raw) else { throw StorageError.invalidValue.with(detail: "\(column) has \(raw)") }
            return value
        }
    }
}

/// A string list as stored: JSON text, as `JSONEncoder` writes it. Strings of letters, digits
/// and `-_.:` only (authentication methods, scopes, ids), which JSON writes as they are, are
/// joined without the encoder (measured: most of a sign-in's cost of building its inserts).
func jsonText(_ strings: [String]) -> String {
    if strings.isEmpty { return "[]" }
    if strings.allSatisfy({ $0.utf8.allSatisfy(isPlain) }) { return "[\"" + strings.joined(separator: "\",\"") + "\"]" }
    return String(decoding: (try? storedLists.encoder.encode(strings)) ?? Data("[]".utf8), as: UTF8.self)
}

/// The strings of a stored list that ``jsonText(_:)`` joined without the encoder, split
/// without the decoder; `nil` for any other text (measured: 0.7% of a sign-in).
func plainStrings(_ text: String) -> [String]? {
    if text == "[]" { return [] }
    let bytes = text.utf8
    guard bytes.starts(with: "[\"".utf8), bytes.reversed().starts(with: "]\"".utf8), bytes.count >= 4 else { return nil }
    // Between the outer `["` and `"]`: each string, and `","` between two.
    let parts = bytes.dropFirst(2).dropLast(2).split(separator: UInt8(ascii: "\""), omittingEmptySubsequences: false)
    guard parts.count % 2 == 1 else { return nil }
    var strings: [String] = []
    for (index, part) in parts.enumerated() {
        if index % 2 == 1 {
            guard part.elementsEqual(",".utf8) else { return nil }
        } else {
            guard part.allSatisfy(isPlain) else { return nil }
            strings.append(String(Substring(part)))
        }
    }
    return strings
}

/// Whether JSON writes `byte` as it is, in a string of ``jsonText(_:)``'s shortcut.
private func isPlain(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
         UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: ":"): true
    default: false
    }
}

/// The coders of stored lists, made once (each `JSONEncoder` and `JSONDecoder` made is an allocation or more).
private let storedLists = (encoder: JSONEncoder(), decoder: JSONDecoder())
