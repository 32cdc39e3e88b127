import Foundation
import TestProcessSupport
import Testing
import ServerTestSupport

/// A start that cannot succeed exits 1 with one clear line, never a trap or a half-started
/// server (issue 14 #16).
@Suite struct StartUpFailureTests {
    static var server: String {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("bi-server").path
    }

    @Test(arguments: [
        ("a data directory that is a file", ["BI_DATA_DIRECTORY=/etc/hostname"], "data directory"),
        ("a master key that is not one", ["BI_MASTER_KEY=not-a-key"], "master key"),
        ("a lifetime that is not a duration", ["BI_LIFETIMES_TOKEN=abc"], "BI_LIFETIMES_TOKEN = 'abc': expected a duration"),
        ("a database that cannot be reached", ["BI_DATABASE_URL=postgres://bi:bi@127.0.0.1:1/bi"], "cannot connect to the database"),
        ("a database URL of no known engine", ["BI_DATABASE_URL=mysql://u:p@localhost/db"], "unsupported database URL"),
        ("a sampler ratio above 1", ["OTEL_TRACES_SAMPLER_ARG=2"], "OTEL_TRACES_SAMPLER_ARG = '2': expected a number from 0 to 1"),
        ("a sampler OpenTelemetry does not specify", ["OTEL_TRACES_SAMPLER=sometimes"], "OTEL_TRACES_SAMPLER = 'sometimes'"),
        ("a collector that is not an http URL", ["OTEL_EXPORTER_OTLP_ENDPOINT=grpc://collector:4317"], "OTEL_EXPORTER_OTLP_ENDPOINT"),
        ("OTLP/JSON, whose ids collectors refuse", ["OTEL_EXPORTER_OTLP_PROTOCOL=http/json"], "http/json is not offered"),
        ("resource attributes that are not pairs", ["OTEL_RESOURCE_ATTRIBUTES=region"], "OTEL_RESOURCE_ATTRIBUTES = 'region': expected key=value pairs"),
    ])
    func exitsWithOneClearLine(case name: String, environment: [String], mentions: String) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bi-start-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try await ChildProcess.run(
            "/usr/bin/env", ["BI_DATA_DIRECTORY=\(directory.path)"] + environment + [Self.server, "--port", "0"])
        #expect(result.status == 1, "\(name): \(result.errors)")
        let lines = result.errors.split(separator: "\n")
        #expect(lines.count == 1, "\(name): \(result.errors)")
        #expect(lines.first?.hasPrefix("Error: ") == true && lines.first?.contains(mentions) == true, "\(name): \(result.errors)")
        #expect(!result.output.contains("listening"), "\(name)")
    }
}
