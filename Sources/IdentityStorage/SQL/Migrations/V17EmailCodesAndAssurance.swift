extension Migrations {
    /// Version 17: email one-time codes (a sign-in without a credential, so codes and sessions
    /// may have none), what each sign-in proved (`amr`, `acr`), and whether each application
    /// offers email codes and lets them bind a new credential. SQLite cannot drop a NOT NULL:
    /// its two tables are rebuilt (foreign keys off meanwhile, so dropping the old `sessions`
    /// cascades nothing and `refresh_tokens` goes on referring to the new one).
    static func emailCodesAndAssurance(_ kind: SQLEngineKind) -> [String] {
        let blob = kind.blob
        let nullable: [String] = kind == .postgres
            ? [
                "ALTER TABLE authorization_codes ALTER COLUMN credential_id DROP NOT NULL",
                "ALTER TABLE sessions ALTER COLUMN credential_id DROP NOT NULL",
            ]
            : [
                """
                CREATE TABLE authorization_codes_v17 (
                    code_hash \(blob) PRIMARY KEY,
                    application_id TEXT NOT NULL REFERENCES applications(id) ON DELETE CASCADE, realm_id TEXT NOT NULL,
                    identity_id TEXT NOT NULL, credential_id TEXT, redirect_uri TEXT NOT NULL, scope TEXT NOT NULL,
                    nonce TEXT, code_challenge TEXT, code_challenge_method TEXT, auth_time BIGINT NOT NULL,
                    expires_at BIGINT NOT NULL, created_at BIGINT NOT NULL, used_at BIGINT, transaction_hash \(blob))
                """,
                "INSERT INTO authorization_codes_v17 SELECT * FROM authorization_codes",
                "DROP TABLE authorization_codes",
                "ALTER TABLE authorization_codes_v17 RENAME TO authorization_codes",
                "CREATE INDEX authorization_codes_by_expiry ON authorization_codes (expires_at)",
                "CREATE UNIQUE INDEX authorization_codes_by_transaction ON authorization_codes (transaction_hash)",
                """
                CREATE TABLE sessions_v17 (
                    id TEXT PRIMARY KEY, tenant_id TEXT NOT NULL, realm_id TEXT NOT NULL,
                    application_id TEXT NOT NULL REFERENCES applications(id) ON DELETE CASCADE,
                    identity_id TEXT NOT NULL REFERENCES identities(id) ON DELETE CASCADE,
                    credential_id TEXT REFERENCES credentials(id) ON DELETE CASCADE,
                    scope TEXT NOT NULL, auth_time BIGINT NOT NULL, code_hash \(blob) NOT NULL, created_at BIGINT NOT NULL,
                    expires_at BIGINT NOT NULL, last_refreshed_at BIGINT, revoked_at BIGINT, dpop_jkt TEXT, dpop_key TEXT)
                """,
                "INSERT INTO sessions_v17 SELECT * FROM sessions",
                "DROP TABLE sessions",
                "ALTER TABLE sessions_v17 RENAME TO sessions",
                "CREATE INDEX sessions_by_identity ON sessions (identity_id, id)",
                "CREATE INDEX sessions_by_code ON sessions (code_hash)",
                "CREATE INDEX sessions_by_expiry ON sessions (expires_at)",
            ]
        return nullable + [
            "ALTER TABLE authorization_codes ADD COLUMN amr TEXT NOT NULL DEFAULT '[\"swk\"]'",
            "ALTER TABLE authorization_codes ADD COLUMN acr TEXT NOT NULL DEFAULT 'phr'",
            "ALTER TABLE sessions ADD COLUMN amr TEXT NOT NULL DEFAULT '[\"swk\"]'",
            "ALTER TABLE sessions ADD COLUMN acr TEXT NOT NULL DEFAULT 'phr'",
            "ALTER TABLE applications ADD COLUMN email_codes BIGINT NOT NULL DEFAULT 0",
            "ALTER TABLE applications ADD COLUMN email_code_binding BIGINT NOT NULL DEFAULT 0",
            """
            CREATE TABLE email_code_challenges (
                id TEXT PRIMARY KEY, code_hash \(blob) NOT NULL, auth_transaction TEXT NOT NULL, tenant_id TEXT NOT NULL,
                realm_id TEXT NOT NULL, application_id TEXT NOT NULL REFERENCES applications(id) ON DELETE CASCADE,
                identity_id TEXT REFERENCES identities(id) ON DELETE CASCADE, attempts_left BIGINT NOT NULL,
                created_at BIGINT NOT NULL, expires_at BIGINT NOT NULL, redeemed_at BIGINT)
            """,
            "CREATE INDEX email_code_challenges_by_expiry ON email_code_challenges (expires_at)",
            "ALTER TABLE cross_device_sign_ins ADD COLUMN amr TEXT",
            "ALTER TABLE cross_device_sign_ins ADD COLUMN acr TEXT",
        ]
    }
}
