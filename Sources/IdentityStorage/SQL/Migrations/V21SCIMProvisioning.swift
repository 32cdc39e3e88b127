extension Migrations {
    /// Version 21: SCIM provisioning. Provisioning tokens (one realm each, stored as hashes); what
    /// SCIM keeps of a user beside its identity (the directory's `externalId`, the attributes
    /// it sent that an identity has no column for, the resource's version); groups of a realm
    /// and their members.
    static func scimProvisioning(_ kind: SQLEngineKind) -> [String] {
        [
            """
            CREATE TABLE provisioning_tokens (
                id TEXT PRIMARY KEY, token_hash \(kind.blob) NOT NULL UNIQUE, label TEXT NOT NULL, tenant_id TEXT NOT NULL,
                realm_id TEXT NOT NULL REFERENCES realms(id) ON DELETE CASCADE, created_at BIGINT NOT NULL, expires_at BIGINT,
                revoked_at BIGINT)
            """,
            "CREATE INDEX provisioning_tokens_by_realm ON provisioning_tokens (realm_id, id)",
            """
            CREATE TABLE scim_users (
                identity_id TEXT PRIMARY KEY REFERENCES identities(id) ON DELETE CASCADE, realm_id TEXT NOT NULL,
                external_id TEXT, attributes_json TEXT NOT NULL, version BIGINT NOT NULL)
            """,
            "CREATE INDEX scim_users_by_external_id ON scim_users (realm_id, external_id)",
            """
            CREATE TABLE identity_groups (
                id TEXT PRIMARY KEY, tenant_id TEXT NOT NULL, realm_id TEXT NOT NULL REFERENCES realms(id) ON DELETE CASCADE,
                display_name TEXT NOT NULL, external_id TEXT, version BIGINT NOT NULL, created_at BIGINT NOT NULL,
                updated_at BIGINT NOT NULL, UNIQUE (realm_id, display_name))
            """,
            """
            CREATE TABLE identity_group_members (
                group_id TEXT NOT NULL REFERENCES identity_groups(id) ON DELETE CASCADE,
                identity_id TEXT NOT NULL REFERENCES identities(id) ON DELETE CASCADE, PRIMARY KEY (group_id, identity_id))
            """,
            "CREATE INDEX identity_group_members_by_identity ON identity_group_members (identity_id)",
        ]
    }
}
