extension Migrations {
    /// Version 15: a refusal repeated within its window is one event with a count, so that
    /// whoever repeats a refused request cannot make the log grow by a row per request.
    static func repeatedEvents(_: SQLEngineKind) -> [String] {
        ["ALTER TABLE audit_events ADD COLUMN occurrences BIGINT NOT NULL DEFAULT 1"]
    }
}
