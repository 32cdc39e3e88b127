extension Migrations {
    /// Version 14: the web console's sessions (only the cookie secret's hash is stored), and
    /// the forms of theirs already sent (those that show a secret once work once).
    static func consoleSessions(_ kind: SQLEngineKind) -> [String] {
        [
            """
            CREATE TABLE console_sessions (
                id TEXT PRIMARY KEY, secret_hash \(kind.blob) NOT NULL UNIQUE, admin_token_id TEXT NOT NULL,
                created_at BIGINT NOT NULL, last_seen_at BIGINT NOT NULL, expires_at BIGINT NOT NULL)
            """,
            "CREATE INDEX console_sessions_by_expiry ON console_sessions (expires_at)",
            """
            CREATE TABLE used_console_forms (
                session_id TEXT NOT NULL, form_id TEXT NOT NULL, expires_at BIGINT NOT NULL, PRIMARY KEY (session_id, form_id))
            """,
            "CREATE INDEX used_console_forms_by_expiry ON used_console_forms (expires_at)",
        ]
    }
}
