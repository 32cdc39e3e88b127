extension Migrations {
    /// Version 30: whether a realm serves its account page (on unless turned off).
    static func accountPageSetting(_: SQLEngineKind) -> [String] {
        ["ALTER TABLE realms ADD COLUMN account_page INTEGER NOT NULL DEFAULT 1"]
    }
}
