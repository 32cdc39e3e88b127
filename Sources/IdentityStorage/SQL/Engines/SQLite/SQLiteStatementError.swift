/// A result code SQLite answered a call with (its extended code, and its message).
struct SQLiteStatementError: Error, CustomStringConvertible {
    /// The extended result code (`SQLITE_CONSTRAINT_UNIQUE` …); its low byte is the primary code.
    let code: Int32
    let message: String

    /// The primary result code (`SQLITE_BUSY`, `SQLITE_CONSTRAINT` …).
    var primaryCode: Int32 { code & 0xFF }

    var description: String { "SQLite error \(code): \(message)" }

    /// Whether the database cannot serve now: busy or locked by another process, read-only,
    /// out of disk or memory, unreadable, unopenable.
    var isOutage: Bool {
        // SQLITE_PERM 3, BUSY 5, LOCKED 6, NOMEM 7, READONLY 8, IOERR 10, FULL 13, CANTOPEN 14.
        [3, 5, 6, 7, 8, 10, 13, 14].contains(primaryCode)
    }

    /// Whether a unique or primary key constraint refused the statement.
    var isUniquenessViolation: Bool {
        // SQLITE_CONSTRAINT_UNIQUE 2067, SQLITE_CONSTRAINT_PRIMARYKEY 1555.
        code == 2067 || code == 1555
    }

    /// Whether a foreign key constraint refused the statement (SQLITE_CONSTRAINT_FOREIGNKEY 787).
    var isForeignKeyViolation: Bool { code == 787 }
}
