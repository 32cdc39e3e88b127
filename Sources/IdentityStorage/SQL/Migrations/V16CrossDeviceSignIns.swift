extension Migrations {
    /// Version 16: browser sign-ins approved on another device, and where each application
    /// offers them.
    static func crossDeviceSignIns(_ kind: SQLEngineKind) -> [String] {
        [
            "ALTER TABLE applications ADD COLUMN sign_in_devices TEXT NOT NULL DEFAULT 'same_device'",
            """
            CREATE TABLE cross_device_sign_ins (
                id TEXT PRIMARY KEY, request_hash \(kind.blob) NOT NULL UNIQUE, browser_hash \(kind.blob) NOT NULL,
                tenant_id TEXT NOT NULL, realm_id TEXT NOT NULL, application_id TEXT NOT NULL, auth_transaction TEXT NOT NULL,
                source_ip TEXT NOT NULL, user_agent TEXT, referer TEXT, geolocation TEXT, state TEXT NOT NULL,
                identity_id TEXT, credential_id TEXT, created_at BIGINT NOT NULL, expires_at BIGINT NOT NULL, decided_at BIGINT)
            """,
            "CREATE INDEX cross_device_sign_ins_by_expiry ON cross_device_sign_ins (expires_at)",
        ]
    }
}
