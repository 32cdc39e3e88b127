extension Migrations {
    /// Version 32: where each session's tokens were last asked for (the client's address and
    /// agent), which the account page shows.
    static func sessionSources(_: SQLEngineKind) -> [String] {
        [
            "ALTER TABLE sessions ADD COLUMN last_address TEXT",
            "ALTER TABLE sessions ADD COLUMN last_user_agent TEXT",
        ]
    }
}
