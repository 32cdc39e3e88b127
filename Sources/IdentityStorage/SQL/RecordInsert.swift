import SQLKit
import Synchronization

/// The `INSERT` of one record as one SQL expression. Its table and column names are written
/// once per record type, not at every insert; SQLite's engine runs it from that text as it is
/// (``sqliteText``), binding its values without SQLKit's serializer, and PostgreSQL's
/// serializes it, `nil` values as `NULL` (a bind of unknown type would not do in an
/// `INSERT … SELECT`).
struct RecordInsert: SQLExpression {
    /// The texts of `R`'s inserts.
    private let texts: Texts
    /// The values, in the order of the columns.
    let values: [any Encodable & Sendable]
    /// When given, an `INSERT … SELECT … WHERE condition`, which inserts nothing unless it
    /// holds (for PostgreSQL's data-modifying `WITH` clauses).
    let condition: String?
    /// Text after the values, such as an `ON CONFLICT` clause.
    let tail: String

    /// The insert of `record`, with its condition and tail.
    init<R: SQLRecord>(_ record: R, when condition: String? = nil, then tail: String = "") {
        let columns = record.columns
        texts = Self.texts(of: R.self, columns: columns)
        values = columns.map(\.value)
        self.condition = condition
        self.tail = tail
    }

    /// The statement as SQLite runs it, a `?` for each value; `nil` for a conditional insert.
    var sqliteText: String? {
        guard condition == nil else { return nil }
        return tail.isEmpty ? texts.sqlite : texts.sqlite + tail
    }

    func serialize(to serializer: inout SQLSerializer) {
        serializer.write(texts.head)
        serializer.write(condition == nil ? "VALUES (" : "SELECT ")
        for (index, value) in values.enumerated() {
            if index > 0 { serializer.write(", ") }
            sqlValue(value).serialize(to: &serializer)
        }
        serializer.write(condition.map { " WHERE \($0)" } ?? ")")
        serializer.write(tail)
    }

    /// `INSERT INTO table (columns) `, and SQLite's whole statement.
    private struct Texts {
        let head: String
        let sqlite: String
    }

    /// The texts of `R`'s inserts, made at its first and kept: a record type's columns are the
    /// same for every record of it.
    private static func texts<R: SQLRecord>(of _: R.Type, columns: [SQLColumn]) -> Texts {
        let key = ObjectIdentifier(R.self)
        if let texts = cache.withLock({ $0[key] }) { return texts }
        let head = "INSERT INTO \(R.table) (\(columns.map(\.name).joined(separator: ", "))) "
        let texts = Texts(head: head, sqlite: head + "VALUES (" + Array(repeating: "?", count: columns.count).joined(separator: ", ") + ")")
        cache.withLock { $0[key] = texts }
        return texts
    }

    private static let cache = Mutex<[ObjectIdentifier: Texts]>([:])
}
