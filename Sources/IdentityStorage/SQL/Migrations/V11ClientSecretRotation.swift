extension Migrations {
    /// Version 11: a client secret's predecessor, accepted for a while after a rotation; a
    /// tenant's audit events found without reading everyone's (tenant-scoped admin tokens).
    static func clientSecretRotation(_ kind: SQLEngineKind) -> [String] {
        [
            "ALTER TABLE applications ADD COLUMN previous_client_secret_hash \(kind.blob)",
            "ALTER TABLE applications ADD COLUMN previous_client_secret_expires_at BIGINT",
            "CREATE INDEX audit_events_by_tenant ON audit_events (tenant_id, occurred_at, id)",
        ]
    }
}
