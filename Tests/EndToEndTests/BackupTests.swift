import Foundation
import IdentityServer
import Logging
import Synchronization
import TestProcessSupport
import Testing
import IdentityServerCore
import ServerTestSupport

/// `bi-server backup` copies the SQLite database while a server uses it; the copy and the
/// master key together restore the server (issue 16).
@Suite struct BackupTests {
    @Test func aBackupTakenWhileServingRestoresWithItsMasterKey() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bi-backup-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let (data, copy) = (directory.appendingPathComponent("data"), directory.appendingPathComponent("copy.sqlite"))
        let backup = [MasterKeyLifecycleTests.server, "backup", "--data-directory", data.path, "--to", copy.path]

        let original = Mutex<(tenantID: String, adminToken: String)?>(nil)
        try await RunningServer.withRealm(.router, configure: {
            $0.dataDirectory = data
            $0.publicBaseURL = RunningServer.routerBaseURL
        }) { server, realm in
            let result = try await ChildProcess.run(backup[0], Array(backup.dropFirst()))
            #expect(result.status == 0, "\(result.errors)")
            #expect(result.output.hasPrefix("backed up to \(copy.path)"))
            let again = try await ChildProcess.run(backup[0], Array(backup.dropFirst()))
            #expect(again.status == 1)
            #expect(again.errors == "Error: \(copy.path) exists already: a backup never overwrites a file\n")
            original.withLock { $0 = (realm.tenantID, server.adminToken) }
        }
        let attributes = try FileManager.default.attributesOfItem(atPath: copy.path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        let (tenantID, adminToken) = try #require(original.withLock { $0 })

        // Restored without its master key, the copy refuses to serve; with it, it serves the same data.
        let restored = directory.appendingPathComponent("restored")
        try FileManager.default.createDirectory(at: restored, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: copy, to: restored.appendingPathComponent("identity.sqlite"))
        let refused = await #expect(throws: ServerSetupError.self) {
            var configuration = ServerConfiguration()
            configuration.dataDirectory = restored
            _ = try await IdentityServer.prepare(configuration)
        }
        #expect(refused?.description == MasterKeyLifecycleTests.mismatch(restored.appendingPathComponent("master.key").path))
        try FileManager.default.removeItem(at: restored.appendingPathComponent("master.key"))
        try FileManager.default.copyItem(at: data.appendingPathComponent("master.key"), to: restored.appendingPathComponent("master.key"))
        let server = try await RunningServer.start(adminToken: adminToken) {
            $0.dataDirectory = restored
            $0.logger.logLevel = .warning
        }
        let tenants = try await server.admin.send("GET", "/v1/admin/tenants")
        await server.stop()
        #expect(tenants.status == 200)
        #expect((tenants.json["items"] as? [[String: Any]])?.contains { $0["id"] as? String == tenantID } == true)
    }

    @Test func postgreSQLIsBackedUpWithItsOwnTools() async throws {
        let result = try await ChildProcess.run(
            MasterKeyLifecycleTests.server,
            ["backup", "--database-url", "postgres://bi:bi@127.0.0.1:1/bi", "--to", "/tmp/never-written.sqlite"])
        #expect(result.status == 1)
        #expect(result.errors == "Error: the database is PostgreSQL: back it up with pg_dump (docs/operating.md: Backup and restore)\n")
    }
}
