public import Foundation

/// Runs a program to its end. Its output goes to files, not pipes, and its exit is awaited, so
/// no thread waits on a descriptor another child process may hold open.
public enum ChildProcess {
    /// What a program did.
    public struct Result: Sendable {
        public let status: Int32
        /// Standard output, without a trailing newline.
        public let output: String
        public let errors: String
    }

    /// Runs `executable arguments…`.
    public static func run(_ executable: String, _ arguments: [String]) async throws -> Result {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("child-\(UUID().uuidString)")
        let (output, errors) = (base.appendingPathExtension("out"), base.appendingPathExtension("err"))
        defer { [output, errors].forEach { try? FileManager.default.removeItem(at: $0) } }
        for file in [output, errors] { FileManager.default.createFile(atPath: file.path, contents: nil) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardOutput = try FileHandle(forWritingTo: output)
        process.standardError = try FileHandle(forWritingTo: errors)
        let (exits, exit) = AsyncStream.makeStream(of: Void.self)
        process.terminationHandler = { _ in exit.yield() }
        try await process.start()
        await exits.first { _ in true }
        var text = try String(contentsOf: output, encoding: .utf8)
        if text.hasSuffix("\n") { text.removeLast() }
        return Result(status: process.terminationStatus, output: text, errors: try String(contentsOf: errors, encoding: .utf8))
    }
}
