extension Migrations {
    /// Version 7: sign-in transactions travel sealed in their reference instead of a table; a
    /// transaction's single use is the uniqueness of its hash among the codes it earns. (Sign-ins
    /// started before the upgrade must start again.)
    static func sealedTransactions(_ kind: SQLEngineKind) -> [String] {
        [
            "ALTER TABLE authorization_codes ADD COLUMN transaction_hash \(kind.blob)",
            "CREATE UNIQUE INDEX authorization_codes_by_transaction ON authorization_codes (transaction_hash)",
            "DROP TABLE auth_transactions",
        ]
    }
}
