extension Migrations {
    /// Version 20: the mail queue. Each binding job with delivery `email` has one row, written
    /// with the job and deleted with it; its message is sealed under the master key until sent.
    static func mailQueue(_ kind: SQLEngineKind) -> [String] {
        [
            """
            CREATE TABLE mail_deliveries (
                id TEXT PRIMARY KEY, binding_job_id TEXT NOT NULL UNIQUE REFERENCES binding_jobs(id) ON DELETE CASCADE,
                tenant_id TEXT NOT NULL, realm_id TEXT NOT NULL, sealed_message \(kind.blob), state TEXT NOT NULL,
                attempts BIGINT NOT NULL, next_attempt_at BIGINT NOT NULL, lease_owner TEXT, lease_expires_at BIGINT,
                last_attempt_at BIGINT, last_error TEXT, created_at BIGINT NOT NULL, completed_at BIGINT)
            """,
            "CREATE INDEX mail_deliveries_due ON mail_deliveries (state, next_attempt_at)",
        ]
    }
}
