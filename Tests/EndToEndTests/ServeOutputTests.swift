import Foundation
import IdentityProtocol
import TestProcessSupport
import Testing
import ServerTestSupport

/// What `bi-server` writes while serving, where production ships it to a log collector: the
/// bootstrap admin token only to a terminal (a pipe gets the file's name instead), and with
/// `--log-format json` every line JSON (issue 32).
@Suite struct ServeOutputTests {
    /// Runs `bi-server` with `arguments` on a new data directory, its output in files, until
    /// `ready` is true of what it wrote; stops it and returns all it wrote to stdout and stderr,
    /// and the token.
    private static func serve(
        _ arguments: [String], until ready: @escaping (String, String) -> Bool
    ) async throws -> (output: String, errors: String, token: String) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bi-serve-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let (stdout, stderr) = (directory.appendingPathComponent("stdout"), directory.appendingPathComponent("stderr"))
        for file in [stdout, stderr] { _ = FileManager.default.createFile(atPath: file.path, contents: nil) }
        let (outputFile, errorsFile) = (try FileHandle(forWritingTo: stdout), try FileHandle(forWritingTo: stderr))
        defer { try? outputFile.close(); try? errorsFile.close() }
        let process = try await SpawnedProcess.start(
            StartUpFailureTests.server, ["--data-directory", directory.appendingPathComponent("data").path, "--port", "0"] + arguments,
            output: outputFile.fileDescriptor, error: errorsFile.fileDescriptor)
        defer { process.send(SIGTERM) }
        var (output, errors) = try await process.whenReady("bi-server's readiness in its output") { () -> (String, String)? in
            let written = (try String(contentsOf: stdout, encoding: .utf8), try String(contentsOf: stderr, encoding: .utf8))
            return ready(written.0, written.1) ? written : nil
        }
        // Everything it wrote until it stopped, shutdown lines included.
        process.send(SIGTERM)
        _ = await process.exitStatus()
        (output, errors) = (try String(contentsOf: stdout, encoding: .utf8), try String(contentsOf: stderr, encoding: .utf8))
        let token = try String(contentsOf: directory.appendingPathComponent("data/admin-token"), encoding: .utf8)
        return (output, errors, token.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    @Test func theBootstrapTokenIsNeverWrittenToAPipe() async throws {
        let (output, errors, token) = try await Self.serve([]) { output, errors in
            output.contains("console at") && errors.contains("the first owner was created")
        }
        #expect(output.contains("bi-server console at http://127.0.0.1:") && output.contains("/console (operators sign in with a passkey or their phone)"))
        #expect(token.hasPrefix("bia_"))
        #expect(!output.contains(token) && !errors.contains(token))
        #expect(errors.contains("bootstrap admin token created") && errors.contains("admin-token"), "says which file holds it")
        // Nor the first owner's enrollment link: the log says how to make one.
        #expect(!(output + errors).contains(DeviceAPI.enrollmentLink + "?"))
    }

    @Test func inJSONModeEveryLineIsJSON() async throws {
        let (output, errors, token) = try await Self.serve(["--log-format", "json"]) { _, errors in errors.contains(#""listening""#) }
        let lines = (output + errors).split(separator: "\n")
        #expect(lines.count >= 2)
        for line in lines {
            let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            #expect(object != nil, "not JSON: \(line)")
        }
        let listening = lines.compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
            .first { ($0["message"] as? String) == "listening" }
        #expect((listening?["url"] as? String)?.hasPrefix("http://127.0.0.1:") == true, "\(String(describing: listening))")
        #expect((listening?["console_url"] as? String)?.hasSuffix("/console") == true)
        #expect(!(output + errors).contains(token))
    }
}
