import Logging
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
        var toldUsedUp = false
    }

    private let given = Mutex(Given())
    private let capacity: Int
    private let logger: Logger
    private let prefix = "bi_" + String(UInt64.random(in: 0 ... .max), radix: 36) + "_"

    /// Names for up to `capacity` statements; `logger` hears when they are used up.
    init(capacity: Int = 1_000, logger: Logger) {
        self.capacity = capacity
        self.logger = logger
    }

    /// `key`'s name; `nil` when the names are used up (said once in the log).
    func name(for key: Key) -> String? {
        given.withLock { given in
            if let name = given.names[key] { return name }
            guard given.count < capacity else {
                if !given.toldUsedUp {
                    given.toldUsedUp = true
                    logger.warning("all \(capacity) prepared statement names are given out: new statements run unprepared")
                }
                return nil
            }
            given.count += 1
            let name = prefix + String(given.count)
            given.names[key] = name
            return name
        }
    }

    /// Gives `key` a new name at its next use, after an error that may leave its prepared form
    /// `name` unusable on a connection (``PreparingPostgresDatabase/spoils(_:)``); nothing when
    /// another connection's failure has renamed it already.
    func retire(_ key: Key, named name: String) {
        given.withLock { given in
            if given.names[key] == name { given.names[key] = nil }
        }
    }
}
