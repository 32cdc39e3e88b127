extension Migrations {
    /// Version 31: people's changes of their own email address, each with the hashes of the
    /// link that confirms it and of the link that cancels it.
    static func emailChanges(_ kind: SQLEngineKind) -> [String] {
        [
            """
            CREATE TABLE email_changes (
                id TEXT PRIMARY KEY, tenant_id TEXT NOT NULL, realm_id TEXT NOT NULL,
                identity_id TEXT NOT NULL REFERENCES identities(id) ON DELETE CASCADE, former_email TEXT, new_email TEXT NOT NULL,
                confirm_hash \(kind.blob) NOT NULL UNIQUE, cancel_hash \(kind.blob) NOT NULL UNIQUE, created_at BIGINT NOT NULL,
                confirm_by BIGINT NOT NULL, expires_at BIGINT NOT NULL, confirmed_at BIGINT, cancelled_at BIGINT)
            """,
            "CREATE INDEX email_changes_by_identity ON email_changes (identity_id, created_at)",
            "CREATE INDEX email_changes_by_expiry ON email_changes (expires_at)",
        ]
    }
}
