extension Migrations {
    /// Version 5: RSA signing keys beside P-256 ones, and the applications' ID-token algorithm.
    static func signingAlgorithms(_: SQLEngineKind) -> [String] {
        [
            "ALTER TABLE signing_keys ADD COLUMN algorithm TEXT NOT NULL DEFAULT 'ES256'",
            "ALTER TABLE applications ADD COLUMN id_token_signed_response_alg TEXT NOT NULL DEFAULT 'ES256'",
        ]
    }
}
