extension Migrations {
    /// Version 22: what a realm does for a user its directory creates (``RealmRecord/SCIMEnrollment``).
    static func scimEnrollment(_: SQLEngineKind) -> [String] {
        ["ALTER TABLE realms ADD COLUMN scim_enrollment TEXT NOT NULL DEFAULT 'none'"]
    }
}
