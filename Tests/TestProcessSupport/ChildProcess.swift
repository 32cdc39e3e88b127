import Foundation

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
        let (outputFile, errorsFile) = (try FileHandle(forWritingTo: output), try FileHandle(forWritingTo: errors))
        defer { try? outputFile.close(); try? errorsFile.close() }
        let process = try await SpawnedProcess.start(
            executable, arguments, output: outputFile.fileDescriptor, error: errorsFile.fileDescriptor)
        let status = await process.exitStatus()
        var text = try String(contentsOf: output, encoding: .utf8)
        if text.hasSuffix("\n") { text.removeLast() }
        return Result(status: status, output: text, errors: try String(contentsOf: errors, encoding: .utf8))
    }
}
