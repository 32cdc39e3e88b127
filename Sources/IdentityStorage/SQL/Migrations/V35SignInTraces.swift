extension Migrations {
    /// Version 35: the `/authorize` span of the sign-in an authorization code and a session come
    /// from, when the server traces, so that the code's exchange and each refresh link to it.
    static func signInTraces(_: SQLEngineKind) -> [String] {
        [
            "ALTER TABLE authorization_codes ADD COLUMN traceparent TEXT",
            "ALTER TABLE sessions ADD COLUMN traceparent TEXT",
        ]
    }
}
