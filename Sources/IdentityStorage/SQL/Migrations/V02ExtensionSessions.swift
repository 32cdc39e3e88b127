extension Migrations {
    /// Version 2: credential extension sessions and rate-limit windows.
    static func extensionSessions(_ kind: SQLEngineKind) -> [String] {
        let blob = kind.blob
        return [
            """
            CREATE TABLE extension_sessions (
                id TEXT PRIMARY KEY, tenant_id TEXT NOT NULL, realm_id TEXT NOT NULL, identity_id TEXT NOT NULL,
                credential_id TEXT NOT NULL REFERENCES credentials(id) ON DELETE CASCADE,
                holder_secret_hash \(blob) NOT NULL, code_hash \(blob) NOT NULL UNIQUE, code_expires_at BIGINT NOT NULL,
                expires_at BIGINT NOT NULL, state TEXT NOT NULL, version BIGINT NOT NULL, holder_seen_at BIGINT NOT NULL,
                claim_secret_hash \(blob), claimant_device_name TEXT, claimant_credential_id TEXT,
                draft_certificate_der \(blob), claimed_at BIGINT, issued_chain TEXT, failure TEXT,
                created_at BIGINT NOT NULL, updated_at BIGINT NOT NULL)
            """,
            "CREATE INDEX extension_sessions_by_expiry ON extension_sessions (expires_at)",
            """
            CREATE TABLE rate_limit_windows (
                bucket TEXT NOT NULL, window_start BIGINT NOT NULL, attempts BIGINT NOT NULL, expires_at BIGINT NOT NULL,
                PRIMARY KEY (bucket, window_start))
            """,
            "CREATE INDEX rate_limit_windows_by_expiry ON rate_limit_windows (expires_at)",
        ]
    }
}
