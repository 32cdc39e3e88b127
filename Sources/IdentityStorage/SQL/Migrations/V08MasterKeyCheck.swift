extension Migrations {
    /// Version 8: the check value of the master key, so a server started with another key
    /// refuses to start instead of failing every request that needs a secret.
    static func masterKeyCheck(_ kind: SQLEngineKind) -> [String] {
        [
            """
            CREATE TABLE master_key_check (
                id BIGINT PRIMARY KEY CHECK (id = 1), check_value \(kind.blob) NOT NULL, recorded_at BIGINT NOT NULL)
            """,
        ]
    }
}
