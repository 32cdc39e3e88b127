extension Migrations {
    /// Version 6: the signed device requests already accepted, until they could no longer be;
    /// whether a recovery keeps the identity's other credentials.
    static func usedSignedRequests(_: SQLEngineKind) -> [String] {
        [
            "ALTER TABLE binding_jobs ADD COLUMN keeps_other_credentials BIGINT NOT NULL DEFAULT 0",
            """
            CREATE TABLE used_signed_requests (
                credential_id TEXT NOT NULL, request_id TEXT NOT NULL, expires_at BIGINT NOT NULL,
                PRIMARY KEY (credential_id, request_id))
            """,
            "CREATE INDEX used_signed_requests_by_expiry ON used_signed_requests (expires_at)",
        ]
    }
}
