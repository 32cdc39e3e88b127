extension Migrations {
    /// Version 10: admin tokens as a resource: a public id (the first 8 bytes of the hash in
    /// hex, as audit events already named them), a tenant scope, expiry and revocation.
    static func adminTokenLifecycle(_ kind: SQLEngineKind) -> [String] {
        let hashPrefix = kind == .postgres
            ? "encode(substring(token_hash from 1 for 8), 'hex')" : "lower(hex(substr(token_hash, 1, 8)))"
        return [
            "ALTER TABLE admin_tokens ADD COLUMN id TEXT",
            "UPDATE admin_tokens SET id = \(hashPrefix)",
            "CREATE UNIQUE INDEX admin_tokens_by_id ON admin_tokens (id)",
            "ALTER TABLE admin_tokens ADD COLUMN tenant_id TEXT REFERENCES tenants (id) ON DELETE CASCADE",
            "CREATE INDEX admin_tokens_by_tenant ON admin_tokens (tenant_id)",
            "ALTER TABLE admin_tokens ADD COLUMN expires_at BIGINT",
            "ALTER TABLE admin_tokens ADD COLUMN revoked_at BIGINT",
        ]
    }
}
