extension Migrations {
    /// Version 34: the console's operators, identities of the operators' realm (`id` is the identity's) with a role.
    static func operators(_: SQLEngineKind) -> [String] {
        [
            """
            CREATE TABLE operators (
                id TEXT PRIMARY KEY REFERENCES identities(id) ON DELETE CASCADE, role TEXT NOT NULL, tenant_id TEXT,
                created_at BIGINT NOT NULL, updated_at BIGINT NOT NULL)
            """,
        ]
    }
}
