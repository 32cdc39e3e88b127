import Foundation
import TestProcessSupport
import ServerTestSupport

/// Runs the built `bi` executable (next to the test bundle) and collects what it printed.
enum BICommand {
    struct Result: Sendable {
        let status: Int32
        let stdout: String
        let stderr: String

        /// Standard output as a JSON object.
        var json: [String: Any] {
            (try? JSONSerialization.jsonObject(with: Data(stdout.utf8))) as? [String: Any] ?? [:]
        }
    }

    static var executable: URL { built("bi") }

    /// The built executable `name` (next to the test bundle).
    static func built(_ name: String) -> URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent(name)
    }

    /// Runs `bi` (or another built `program`) to completion. Its output goes to files, not
    /// pipes: a pipe's write end can be inherited by another child spawned at the same moment,
    /// and a reader waiting for its end would then hold a thread the cooperative pool needs.
    /// `input`, when given, is what it reads on its standard input (from a file, for the same reason).
    static func run(
        _ arguments: [String], program: String = "bi", environment: [String: String] = [:], input: String? = nil
    ) async throws -> Result {
        let stdout = try OutputFile(), stderr = try OutputFile()
        defer { stdout.remove(); stderr.remove() }
        let typed = try OutputFile()
        defer { typed.remove() }
        var reader: FileHandle?
        if let input {
            try typed.handle.write(contentsOf: Data(input.utf8))
            reader = try FileHandle(forReadingFrom: typed.url)
        }
        defer { try? reader?.close() }
        let process = try await SpawnedProcess.start(
            built(program).path, arguments, environment: environment, input: reader?.fileDescriptor,
            output: stdout.handle.fileDescriptor, error: stderr.handle.fileDescriptor)
        let status = await process.exitStatus()
        return Result(status: status, stdout: stdout.text(), stderr: stderr.text())
    }
}

/// A temporary file a child process writes its output to.
struct OutputFile: Sendable {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("bi-output-\(UUID().uuidString)")
    let handle: FileHandle

    init() throws {
        _ = FileManager.default.createFile(atPath: url.path, contents: nil)
        handle = try FileHandle(forWritingTo: url)
    }

    /// Everything written so far.
    func data() -> Data { FileManager.default.contents(atPath: url.path) ?? Data() }

    func text() -> String { String(decoding: data(), as: UTF8.self) }

    func remove() {
        try? handle.close()
        try? FileManager.default.removeItem(at: url)
    }
}
