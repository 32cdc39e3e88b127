import Foundation
import TestProcessSupport
import Testing

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

    private static func executable(_ name: String) -> String {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent(name).path
    }
}
