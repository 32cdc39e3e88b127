import Foundation
import IdentityStorageTestSupport
import TestProcessSupport
import ServerTestSupport

/// `bi` (or another program) running in the background, its output read line by line as it is
/// written (for commands that wait, like `bi extend`), and lines sent to its input. Output goes
/// to a file (see ``BICommand/run(_:environment:)``).
final class BIProcess: @unchecked Sendable {
    // @unchecked: one test task drives it (`consumed`).
    private let process: SpawnedProcess
    private let output: OutputFile
    private var consumed = 0
    private let input: FileHandle?

    /// Starts `executable` (`bi` unless said otherwise) with `arguments`; with `withInput`, its
    /// input is a pipe that ``send(_:)`` writes to.
    init(
        _ arguments: [String], environment: [String: String] = [:], executable: URL = BICommand.executable, withInput: Bool = false
    ) async throws {
        output = try OutputFile()
        let pipe = withInput ? Pipe() : nil
        input = pipe?.fileHandleForWriting
        process = try await SpawnedProcess.start(
            executable.path, arguments, environment: environment, input: pipe?.fileHandleForReading.fileDescriptor,
            output: output.handle.fileDescriptor)
        try pipe?.fileHandleForReading.close()
    }

    deinit {
        try? input?.close()
        output.remove()
    }

    /// The next line that is a JSON object whose `event` is `name`; `nil` if the process ends
    /// (or `timeout` passes) first.
    func event(_ name: String, timeout: Duration = .seconds(30)) async -> [String: Any]? {
        try? await eventually(within: timeout, "bi's \(name) event") { () throws -> [String: Any]? in
            let data = output.data()
            while let newline = data[consumed...].firstIndex(of: 0x0A) {
                let line = data[consumed..<newline]
                consumed = newline + 1
                let object = (try? JSONSerialization.jsonObject(with: Data(line))) as? [String: Any]
                if object?["event"] as? String == name { return object }
            }
            guard process.isRunning else { throw PollTimeout(description: "bi ended before its \(name) event") }
            return nil
        }
    }

    /// Writes `line` and a newline to the process's input.
    func send(_ line: String) throws {
        try input?.write(contentsOf: Data((line + "\n").utf8))
    }

    /// Sends SIGINT, as Ctrl-C would.
    func interrupt() { process.send(SIGINT) }

    /// Waits for the process to end.
    func exitStatus() async -> Int32 {
        await process.exitStatus()
    }
}
