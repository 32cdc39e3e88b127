extension Migrations {
    /// Version 4: sessions with rotating refresh tokens; access tokens of every grant (no longer
    /// only of a code); the applications' grant types, refresh lifetimes, CORS origins and
    /// post-logout redirect URIs. Applications that exist keep what they had (the code grant
    /// only): refresh tokens are something an operator turns on, not something an upgrade does.
    static func sessions(_ kind: SQLEngineKind) -> [String] {
        let blob = kind.blob
        let existingGrants = jsonText([ApplicationRecord.GrantType.authorizationCode.rawValue])
        return [
            "ALTER TABLE applications ADD COLUMN grant_types TEXT NOT NULL DEFAULT '\(existingGrants)'",
            "ALTER TABLE applications ADD COLUMN refresh_token_lifetime BIGINT NOT NULL DEFAULT \(Int64(ApplicationRecord.defaultRefreshTokenLifetime))",
            "ALTER TABLE applications ADD COLUMN refresh_token_idle_lifetime BIGINT NOT NULL DEFAULT \(Int64(ApplicationRecord.defaultRefreshTokenIdleLifetime))",
            "ALTER TABLE applications ADD COLUMN allowed_origins TEXT NOT NULL DEFAULT '[]'",
            "ALTER TABLE applications ADD COLUMN post_logout_redirect_uris TEXT NOT NULL DEFAULT '[]'",
            """
            CREATE TABLE sessions (
                id TEXT PRIMARY KEY, tenant_id TEXT NOT NULL, realm_id TEXT NOT NULL,
                application_id TEXT NOT NULL REFERENCES applications(id) ON DELETE CASCADE,
                identity_id TEXT NOT NULL REFERENCES identities(id) ON DELETE CASCADE,
                credential_id TEXT NOT NULL REFERENCES credentials(id) ON DELETE CASCADE,
                scope TEXT NOT NULL, auth_time BIGINT NOT NULL, code_hash \(blob) NOT NULL, created_at BIGINT NOT NULL,
                expires_at BIGINT NOT NULL, last_refreshed_at BIGINT, revoked_at BIGINT)
            """,
            "CREATE INDEX sessions_by_identity ON sessions (identity_id, id)",
            "CREATE INDEX sessions_by_code ON sessions (code_hash)",
            "CREATE INDEX sessions_by_expiry ON sessions (expires_at)",
            """
            CREATE TABLE refresh_tokens (
                token_hash \(blob) PRIMARY KEY, session_id TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
                created_at BIGINT NOT NULL, expires_at BIGINT NOT NULL, used_at BIGINT)
            """,
            "CREATE INDEX refresh_tokens_by_session ON refresh_tokens (session_id)",
            """
            CREATE TABLE issued_tokens_v4 (
                jti TEXT PRIMARY KEY, grant_type TEXT NOT NULL, code_hash \(blob), session_id TEXT,
                expires_at BIGINT NOT NULL, revoked_at BIGINT)
            """,
            """
            INSERT INTO issued_tokens_v4 (jti, grant_type, code_hash, expires_at, revoked_at)
            SELECT jti, 'authorization_code', code_hash, expires_at, revoked_at FROM issued_tokens
            """,
            "DROP TABLE issued_tokens",
            "ALTER TABLE issued_tokens_v4 RENAME TO issued_tokens",
        ] + (kind == .postgres ? ["ALTER INDEX issued_tokens_v4_pkey RENAME TO issued_tokens_pkey"] : []) + [
            "CREATE INDEX issued_tokens_by_code ON issued_tokens (code_hash)",
            "CREATE INDEX issued_tokens_by_session ON issued_tokens (session_id)",
            "CREATE INDEX issued_tokens_by_expiry ON issued_tokens (expires_at)",
        ]
    }
}
