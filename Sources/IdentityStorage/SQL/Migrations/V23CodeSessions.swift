

extension Migrations {
    /// Version 23: a redeemed code names the session it opened, and a replay revokes through
    /// it, so sessions and issued tokens need no index by code. Those two indexes took a page
    /// on a random leaf at every sign-in (measured: 15% of the log's pages per commit).
    /// Codes redeemed before this version are given their session first, found by the index
    /// about to be dropped.
    static func codeSessions(_: SQLEngineKind) -> [String] {
        [
            "ALTER TABLE authorization_codes ADD COLUMN session_id TEXT",
            """
            UPDATE authorization_codes
            SET session_id = (SELECT s.id FROM sessions s WHERE s.code_hash = authorization_codes.code_hash LIMIT 1)
            WHERE used_at IS NOT NULL
            """,
            "DROP INDEX sessions_by_code",
            "DROP INDEX issued_tokens_by_code",
        ]
    }
}
