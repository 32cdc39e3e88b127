import Foundation
@testable import IdentityServer
import IdentityStorage
import IdentityStorageTestSupport
import RealmKeys
import Synchronization
import TestProcessSupport
import Testing
@testable import IdentityServerCore
import ServerTestSupport

/// `bi-server`'s commands besides serving, and both programs' `--version` (issue 16).
@Suite struct ServerCommandTests {
    @Test func bothProgramsPrintTheirVersion() async throws {
        for program in ["bi-server", "bi"] {
            let result = try await ChildProcess.run(Self.executable(program), ["--version"])
            #expect(result.status == 0)
            #expect(result.output.range(of: #"^\#(program) \d+\.\d+\.\d+$"#, options: .regularExpression) != nil, "\(result.output)")
        }
    }

    /// `migrate` creates the schema and exits; it needs no master key and makes none.
    @Test func migrateAppliesTheSchemaWithoutAMasterKey() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bi-migrate-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try await ChildProcess.run(Self.executable("bi-server"), ["migrate", "--data-directory", directory.path])
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output == "database migrated")
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("identity.sqlite").path))
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("master.key").path))
    }

    /// `check-config` shows where each value came from, and fails as `serve` would.
    @Test func checkConfigShowsSourcesAndFailsOnABadValue() async throws {
        let good = try await ChildProcess.run("/usr/bin/env", ["BI_LIFETIMES_TOKEN=2h", Self.executable("bi-server"), "check-config", "--port", "9000"])
        #expect(good.status == 0, "\(good.errors)")
        let lines = good.output.split(separator: "\n").map { $0.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ") }
        #expect(lines.contains("port 9000 (--port)"))
        #expect(lines.contains("lifetimes.token 7200s (BI_LIFETIMES_TOKEN)"))
        #expect(lines.contains("host 127.0.0.1 (default)"))
        #expect(lines.last == "configuration ok")

        let bad = try await ChildProcess.run("/usr/bin/env", ["BI_PORT=abc", Self.executable("bi-server"), "check-config"])
        #expect(bad.status == 1)
        #expect(bad.errors == "Error: BI_PORT = 'abc': expected a whole number from 0 to 65535\n")
    }

    /// `keys rotate-signing` publishes a successor for each realm at once (audited); the current
    /// key keeps signing until the successor activates.
    @Test func rotateSigningPublishesASuccessorAhead() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bi-rotate-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let configure: @Sendable (inout ServerConfiguration) -> Void = {
            $0.dataDirectory = directory
            $0.publicBaseURL = RunningServer.routerBaseURL
        }
        let realmID = Mutex("")
        try await RunningServer.withRealm(.router, configure: configure) { _, realm in realmID.withLock { $0 = realm.realmID } }
        let realm = realmID.withLock { $0 }

        let unknown = try await ChildProcess.run(
            Self.executable("bi-server"), ["keys", "rotate-signing", "--data-directory", directory.path, "--realm", "rlm_none"])
        #expect(unknown.status == 1)
        #expect(unknown.errors == "Error: there is no realm rlm_none\n")
        let result = try await ChildProcess.run(
            Self.executable("bi-server"), ["keys", "rotate-signing", "--data-directory", directory.path, "--realm", realm])
        #expect(result.status == 0, "\(result.errors)")
        let lines = result.output.split(separator: "\n")
        #expect(lines.last == "rotated 1 keys")
        let kid = try #require(lines.first.flatMap { $0.split(separator: " ").last }.map(String.init))

        var configuration = ServerConfiguration()
        configure(&configuration)
        let server = try await IdentityServer.prepare(configuration)
        let signer = try await server.context.keyring.signer(realmID: realm)
        #expect(String(decoding: try signer.jwksJSON, as: UTF8.self).contains(kid))
        #expect(signer.activeKey(.es256)?.kid != kid, "the successor signs only after its pre-publication")
        let events = try await server.context.store.listAuditEvents(tenantID: nil, .init(size: 100)).items
        #expect(events.contains { $0.type == "signing_key.rotated" && $0.subjectID == kid && $0.realmID == realm })
        try await server.shutdown()
    }

    @Test func anAdminTokenCanBeMadeAtTheServerWhenEveryOtherIsGone() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bi-admin-token-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        try await RunningServer.withRealm(.router, configure: { $0.dataDirectory = directory }) { _, _ in }
        let bad = try await ChildProcess.run(
            Self.executable("bi-server"), ["admin-tokens", "create", "--data-directory", directory.path, "--label", "x", "--expires-in", "5"])
        #expect(bad.status == 1 && bad.errors.contains("'expires_in' must be 60"), "\(bad.errors)")
        let result = try await ChildProcess.run(
            Self.executable("bi-server"), ["admin-tokens", "create", "--data-directory", directory.path, "--label", "recovery"])
        #expect(result.status == 0, "\(result.errors)")
        let token = try #require(result.output.split(separator: "\n").last.map(String.init))
        #expect(token.hasPrefix("bia_"))

        var configuration = ServerConfiguration()
        configuration.dataDirectory = directory
        let server = try await IdentityServer.prepare(configuration)
        let record = try await server.context.store.adminToken(hash: Secrets.hash(token))
        #expect(record?.label == "recovery" && record?.tenantID == nil && record?.isActive(at: Date()) == true)
        let events = try await server.context.store.listAuditEvents(tenantID: nil, .init(size: 100)).items
        #expect(events.contains { $0.type == "admin.token.created" && $0.subjectID == record?.id && $0.detailJSON.contains("command line") })
        try await server.shutdown()
    }

    private static func executable(_ name: String) -> String {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent(name).path
    }
}
