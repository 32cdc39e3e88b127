extension Migrations {
    /// Version 29: the account page's sessions, each a passkey sign-in of one identity; the
    /// challenges its sign-ins spent (a passkey whose counter stays at 0 could otherwise answer
    /// one again while it lasts).
    static func accountSessions(_ kind: SQLEngineKind) -> [String] {
        [
            """
            CREATE TABLE account_sessions (
                id TEXT PRIMARY KEY, secret_hash \(kind.blob) NOT NULL UNIQUE, tenant_id TEXT NOT NULL, realm_id TEXT NOT NULL,
                identity_id TEXT NOT NULL REFERENCES identities(id) ON DELETE CASCADE, credential_id TEXT NOT NULL,
                authenticated_at BIGINT NOT NULL, created_at BIGINT NOT NULL, last_seen_at BIGINT NOT NULL,
                expires_at BIGINT NOT NULL, address TEXT, user_agent TEXT)
            """,
            "CREATE INDEX account_sessions_by_identity ON account_sessions (identity_id)",
            "CREATE INDEX account_sessions_by_expiry ON account_sessions (expires_at)",
            "CREATE INDEX account_sessions_by_credential ON account_sessions (credential_id)",
            "CREATE TABLE used_passkey_challenges (challenge_hash \(kind.blob) PRIMARY KEY, expires_at BIGINT NOT NULL)",
            "CREATE INDEX used_passkey_challenges_by_expiry ON used_passkey_challenges (expires_at)",
        ]
    }
}
