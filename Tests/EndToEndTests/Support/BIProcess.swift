import Foundation
import TestProcessSupport

/// `bi` (or another program) running in the background, its output read line by line as it is
/// written (for commands that wait, like `bi extend`), and lines sent to its input. Output goes
/// to a file (see ``BICommand/run(_:environment:)``).
final class BIProcess: @unchecked Sendable {
    // @unchecked: one test task drives it; `Process` is only started, signalled and awaited.
    private let process = Process()
    private let output: OutputFile
    private var consumed = 0
    private let exited: AsyncStream<Int32>
    private let input = Pipe()

    /// Starts `executable` (`bi` unless said otherwise) with `arguments`; with `withInput`, its
    /// input is a pipe that ``send(_:)`` writes to.
    init(
        _ arguments: [String], environment: [String: String] = [:], executable: URL = BICommand.executable, withInput: Bool = false
    ) async throws {
        process.executableURL = executable
        process.arguments = arguments
        if withInput { process.standardInput = input }
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.standardError = FileHandle.nullDevice
        output = try OutputFile()
        process.standardOutput = output.handle
        let (exited, exitSink) = AsyncStream.makeStream(of: Int32.self)
        self.exited = exited
        process.terminationHandler = { process in
            exitSink.yield(process.terminationStatus)
            exitSink.finish()
        }
        try await process.start()
    }

    deinit { output.remove() }

    /// The next line that is a JSON object whose `event` is `name`; `nil` if the process ends
    /// (or `timeout` passes) first.
    func event(_ name: String, timeout: Duration = .seconds(30)) async -> [String: Any]? {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            let data = output.data()
            if let newline = data[consumed...].firstIndex(of: 0x0A) {
                let line = data[consumed..<newline]
                consumed = newline + 1
                let object = (try? JSONSerialization.jsonObject(with: Data(line))) as? [String: Any]
                if object?["event"] as? String == name { return object }
                continue
            }
            guard process.isRunning else { return nil }
            try? await Task.sleep(for: .milliseconds(20))  // the child's next write
        }
        return nil
    }

    /// Writes `line` and a newline to the process's input.
    func send(_ line: String) throws {
        try input.fileHandleForWriting.write(contentsOf: Data((line + "\n").utf8))
    }

    /// Sends SIGINT, as Ctrl-C would.
    func interrupt() { process.interrupt() }

    /// Waits for the process to end.
    func exitStatus() async -> Int32? {
        await exited.first { _ in true }
    }
}
