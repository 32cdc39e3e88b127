extension Migrations {
    /// Version 12: the DPoP proofs accepted while they could be replayed (RFC 9449 §11.1).
    static func usedDPoPProofs(_: SQLEngineKind) -> [String] {
        [
            """
            CREATE TABLE used_dpop_proofs (
                key_thumbprint TEXT NOT NULL, jti TEXT NOT NULL, expires_at BIGINT NOT NULL,
                PRIMARY KEY (key_thumbprint, jti))
            """,
            "CREATE INDEX used_dpop_proofs_by_expiry ON used_dpop_proofs (expires_at)",
        ]
    }
}
