extension Migrations {
    /// Version 24: passkeys. A passkey is a credential like a device's (its row in `credentials`,
    /// kind `passkey`, so sessions, revocation and listings treat both alike); what WebAuthn
    /// needs to verify its assertions is its row in `passkeys`. A WebAuthn credential ID is
    /// registered once per realm.
    static func passkeys(_ kind: SQLEngineKind) -> [String] {
        [
            "ALTER TABLE credentials ADD COLUMN kind TEXT NOT NULL DEFAULT 'device'",
            """
            CREATE TABLE passkeys (
                credential_id TEXT PRIMARY KEY REFERENCES credentials(id) ON DELETE CASCADE, realm_id TEXT NOT NULL,
                webauthn_id \(kind.blob) NOT NULL, public_key \(kind.blob) NOT NULL, algorithm BIGINT NOT NULL,
                sign_count BIGINT NOT NULL, aaguid \(kind.blob) NOT NULL, transports TEXT NOT NULL,
                backup_eligible BIGINT NOT NULL, backed_up BIGINT NOT NULL, attestation_format TEXT NOT NULL,
                attestation_trusted BIGINT NOT NULL, UNIQUE (realm_id, webauthn_id))
            """,
        ]
    }
}
