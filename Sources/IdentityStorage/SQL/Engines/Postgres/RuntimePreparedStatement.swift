import PostgresNIO

/// A statement of ``PreparingPostgresDatabase`` as PostgresNIO runs prepared statements:
/// prepared under its name at its first use on a connection, then bound and run.
///
/// PostgresNIO reads a prepared statement's name and text from its type, as for statements
/// written out in the source; the store makes its statements at run time, so this type reads
/// them from the task that runs it (``current``). The parameters' types are those of the
/// first bindings a connection sees, which is why a name stands for a text *and* its types.
struct RuntimePreparedStatement: PostgresPreparedStatement {
    /// A statement's name on the server and its text.
    struct Text: Sendable {
        let name: String
        let sql: String
    }

    /// The statement the current task runs.
    @TaskLocal static var current = Text(name: "", sql: "")

    // The unnamed statement ("") is PostgreSQL's own, re-parsed at every use: never taken as
    // one of ours, should this ever be read outside a statement's run.
    static var name: String {
        precondition(!current.name.isEmpty, "a prepared statement read outside its run")
        return current.name
    }

    static var sql: String { current.sql }

    /// The values, already encoded.
    let bindings: PostgresBindings

    func makeBindings() -> PostgresBindings { bindings }

    func decodeRow(_ row: PostgresRow) -> PostgresRow { row }
}
