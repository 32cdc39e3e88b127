import Foundation
import TestProcessSupport

/// A helper program from `ThirdParty/` started for one test: it gets a fresh directory as its
/// first argument and writes the port it listens on to `port` there once it listens.
struct PortFileProcess: @unchecked Sendable {
    let port: Int
    let directory: URL
    private let process: Process
    private let exited: AsyncStream<Void>

    /// Runs `body` with the program started (see ``start(script:arguments:prefix:name:)``), and
    /// stops it after, however `body` ends.
    static func with<R>(
        script: String, arguments: [String] = [], prefix: String, name: String, _ body: (PortFileProcess) async throws -> R
    ) async throws -> R {
        let helper = try await start(script: script, arguments: arguments, prefix: prefix, name: name)
        do {
            let result = try await body(helper)
            await helper.stop()
            return result
        } catch {
            await helper.stop()
            throw error
        }
    }

    /// Starts `python3 ThirdParty/SCRIPT DIRECTORY ARGUMENTS…` in a new directory (named after
    /// `prefix`) and returns once its port is written; `name` says what did not start.
    private static func start(script: String, arguments: [String] = [], prefix: String, name: String) async throws -> PortFileProcess {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("ThirdParty/\(script)").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", path, directory.path] + arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        let (exited, exit) = AsyncStream.makeStream(of: Void.self)
        process.terminationHandler = { _ in exit.yield() }
        try await process.start()
        let portFile = directory.appendingPathComponent("port")
        for _ in 0..<500 {
            if let text = try? String(contentsOf: portFile, encoding: .utf8), let port = Int(text) {
                return PortFileProcess(port: port, directory: directory, process: process, exited: exited)
            }
            guard process.isRunning else { break }
            try await Task.sleep(for: .milliseconds(20))
        }
        kill(process.processIdentifier, SIGKILL)
        throw SetupError("the \(name) did not start")
    }

    /// Kills the program and waits for it (through its termination handler: `waitUntilExit`
    /// needs the run loop of the thread that started it), then removes its directory.
    private func stop() async {
        kill(process.processIdentifier, SIGKILL)
        await exited.first { _ in true }
        try? FileManager.default.removeItem(at: directory)
    }
}
