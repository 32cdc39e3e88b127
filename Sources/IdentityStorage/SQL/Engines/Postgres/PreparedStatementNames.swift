import PostgresNIO
import Synchronization

/// The names under which ``PreparingPostgresDatabase`` prepares statements: one per text and
/// parameter types, the same on every connection. At most `capacity` are ever given out, so
/// no connection holds more prepared statements than that; later texts run unprepared.
///
/// Names start with a random prefix of their own, so that no two processes (or stores) ever
/// mean different statements by one name, even where a pooler such as PgBouncer hands one
/// server session to several of them.
final class PreparedStatementNames: Sendable {
    /// A statement's text and its parameters' types.
    struct Key: Hashable, Sendable {
        let sql: String
        let types: [PostgresDataType]
    }

    private struct Given {
        var names: [Key: String] = [:]
        var count = 0
    }

    private let given = Mutex(Given())
    private let capacity: Int
    private let prefix = "bi_" + String(UInt64.random(in: 0 ... .max), radix: 36) + "_"

    /// Names for up to `capacity` statements.
    init(capacity: Int = 1_000) {
        self.capacity = capacity
    }

    /// `key`'s name; `nil` when the names are used up.
    func name(for key: Key) -> String? {
        given.withLock { given in
            if let name = given.names[key] { return name }
            guard given.count < capacity else { return nil }
            given.count += 1
            let name = prefix + String(given.count)
            given.names[key] = name
            return name
        }
    }

    /// Gives `key` a new name at its next use, after an error that leaves its prepared form on
    /// a connection unusable (see ``PreparingPostgresDatabase/retires(_:)``).
    func retire(_ key: Key) {
        _ = given.withLock { $0.names.removeValue(forKey: key) }
    }
}
