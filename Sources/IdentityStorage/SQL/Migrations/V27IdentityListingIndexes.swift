extension Migrations {
    /// Version 27: indexes for the identity listing's orders, so that a page is read off an
    /// index in any realm: by creation (ties by id) on both engines, and on PostgreSQL by
    /// username in byte order (`COLLATE "C"`, SQLite's order), which the unique index of the
    /// database's own collation cannot serve.
    static func identityListingIndexes(_ kind: SQLEngineKind) -> [String] {
        ["CREATE INDEX identities_by_realm_created ON identities (realm_id, created_at, id)"]
            + (kind == .postgres ? [#"CREATE INDEX identities_by_realm_username_bytes ON identities (realm_id, (username COLLATE "C"))"#] : [])
    }
}
