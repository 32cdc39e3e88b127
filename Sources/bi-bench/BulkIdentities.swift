import Foundation

/// Adds identities (users without a device) straight into a SQLite database with the
/// `sqlite3` command, for the scale mode: the admin API would take minutes for a million.
/// SQLite's own locking keeps the running server's view consistent.
enum BulkIdentities {
    /// The attributes each added identity's directory keeps: as costly as the SCIM service
    /// accepts (16 KiB of JSON, 1,000 values: 497 roles of 19 characters), so a SCIM list over
    /// them is the costliest one can be.
    static let scimRoles = 497

    /// Inserts `count` active identities into `realm`'s table in the database at `path`, each
    /// with a SCIM row holding the largest attributes allowed, then checkpoints the write-ahead
    /// log, so the server does not pay for copying them back.
    static func add(_ count: Int, realm: BenchRealm, database path: String) throws {
        guard let sqlite3 = ServerProcess.which("sqlite3") else {
            throw BenchError("--identities needs the sqlite3 command (apt-get install sqlite3)")
        }
        let now = Int64(Date().timeIntervalSince1970 * 1000)
        let sql = """
            .timeout 30000
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(count))
            INSERT INTO identities (id, tenant_id, realm_id, username, email, display_name, status, created_at, updated_at)
            SELECT 'idn_bulk_' || i, '\(realm.tenantID)', '\(realm.realmID)', 'bulk-' || i, NULL, 'Bulk ' || i, 'active', \(now), \(now)
            FROM n;
            INSERT INTO scim_users (identity_id, realm_id, external_id, attributes_json, version)
            WITH RECURSIVE k(j) AS (SELECT 1 UNION ALL SELECT j + 1 FROM k WHERE j < \(scimRoles)),
                doc(json) AS (SELECT '{"roles":[' || group_concat('{"value":"' || printf('%.19c', 'r') || '"}', ',') || ']}' FROM k)
            SELECT id, realm_id, 'ext-' || id, (SELECT json FROM doc), 1 FROM identities WHERE id LIKE 'idn_bulk_%';
            PRAGMA wal_checkpoint(TRUNCATE);
            """
        let process = Process()
        process.executableURL = sqlite3
        process.arguments = [path]
        let input = Pipe()
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        input.fileHandleForWriting.write(Data(sql.utf8))
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw BenchError("sqlite3 could not add the identities") }
    }
}
