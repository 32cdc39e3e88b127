extension Migrations {
    /// Version 25: an application's browser sign-in methods, one list (`sign_in_methods`) in
    /// place of `sign_in_devices` and `email_codes`. An emailed code is typed in the app on this
    /// device, so it carries over only where that device was offered (elsewhere it never worked).
    static func signInMethods(_ kind: SQLEngineKind) -> [String] {
        [
            "ALTER TABLE applications ADD COLUMN sign_in_methods TEXT NOT NULL DEFAULT '[\"same_device\"]'",
            """
            UPDATE applications SET sign_in_methods = CASE
                WHEN sign_in_devices = 'cross_device' THEN '["cross_device"]'
                WHEN sign_in_devices = 'both' AND email_codes <> 0 THEN '["cross_device","same_device","email_code"]'
                WHEN sign_in_devices = 'both' THEN '["cross_device","same_device"]'
                WHEN email_codes <> 0 THEN '["same_device","email_code"]'
                ELSE '["same_device"]' END
            """,
            "ALTER TABLE applications DROP COLUMN sign_in_devices",
            "ALTER TABLE applications DROP COLUMN email_codes",
        ]
    }
}
