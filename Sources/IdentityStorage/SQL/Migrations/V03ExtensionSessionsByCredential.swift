extension Migrations {
    /// Version 3: a credential's live extension sessions, found by index (opening one cancels the rest).
    static func extensionSessionsByCredential(_: SQLEngineKind) -> [String] {
        ["CREATE INDEX extension_sessions_by_credential ON extension_sessions (credential_id, state)"]
    }
}
