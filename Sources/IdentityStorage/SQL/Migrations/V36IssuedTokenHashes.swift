extension Migrations {
    /// Version 36: the SHA-256 of each access token as issued, so that `/userinfo` and
    /// introspection recognise a token of ours by its bytes, with no signature to check. Tokens
    /// issued before have none, and are checked by their signature as before.
    static func issuedTokenHashes(_ kind: SQLEngineKind) -> [String] {
        ["ALTER TABLE issued_tokens ADD COLUMN token_hash \(kind.blob)"]
    }
}
