extension Migrations {
    /// Version 9: signing keys published before they sign (rotation).
    static func signingKeyActivation(_: SQLEngineKind) -> [String] {
        ["ALTER TABLE signing_keys ADD COLUMN activates_at BIGINT"]
    }
}
