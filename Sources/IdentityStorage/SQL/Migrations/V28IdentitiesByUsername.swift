extension Migrations {
    /// Version 28: identities by username in every realm, for the console's audit filter,
    /// which takes a username where an identity's id is asked for.
    static func identitiesByUsername(_ kind: SQLEngineKind) -> [String] {
        ["CREATE INDEX identities_by_username ON identities (username, tenant_id)"]
    }
}
