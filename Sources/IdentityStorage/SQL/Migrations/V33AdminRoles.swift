extension Migrations {
    /// Version 33: admin tokens' roles (those for every tenant owners, the others their
    /// tenant's administrators, as they were) and when each was last used.
    static func adminRoles(_: SQLEngineKind) -> [String] {
        [
            "ALTER TABLE admin_tokens ADD COLUMN role TEXT NOT NULL DEFAULT 'owner'",
            "UPDATE admin_tokens SET role = 'tenant_admin' WHERE tenant_id IS NOT NULL",
            "ALTER TABLE admin_tokens ADD COLUMN last_used_at BIGINT",
        ]
    }
}
