extension Migrations {
    /// Version 19: the vendor's later API: realms' logos and support link, and applications whose
    /// `/authorize` answers the invoke URL as JSON.
    static func themesAndInvocation(_: SQLEngineKind) -> [String] {
        [
            "ALTER TABLE realms ADD COLUMN logo_light_url TEXT",
            "ALTER TABLE realms ADD COLUMN logo_dark_url TEXT",
            "ALTER TABLE realms ADD COLUMN support_url TEXT",
            "ALTER TABLE applications ADD COLUMN invocation_type TEXT NOT NULL DEFAULT 'automatic'",
        ]
    }
}
