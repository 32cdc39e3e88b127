extension Migrations {
    /// Version 26: each realm's passkey policy (RP ID, user verification, algorithms, attestation),
    /// a JSON document; `NULL` is the default policy.
    static func realmPasskeyPolicies(_ kind: SQLEngineKind) -> [String] {
        ["ALTER TABLE realms ADD COLUMN passkey_policy TEXT"]
    }
}
