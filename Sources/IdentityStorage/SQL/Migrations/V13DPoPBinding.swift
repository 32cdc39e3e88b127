extension Migrations {
    /// Version 13: DPoP-bound tokens (RFC 9449): whether an application requires them, and the
    /// key a session's tokens are bound to.
    static func dpopBinding(_: SQLEngineKind) -> [String] {
        [
            "ALTER TABLE applications ADD COLUMN dpop_bound_access_tokens BIGINT NOT NULL DEFAULT 0",
            "ALTER TABLE sessions ADD COLUMN dpop_jkt TEXT",
            "ALTER TABLE sessions ADD COLUMN dpop_key TEXT",
        ]
    }
}
