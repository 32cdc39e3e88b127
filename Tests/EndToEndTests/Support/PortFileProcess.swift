import Foundation
import TestProcessSupport
import ServerTestSupport

/// A helper program from `ThirdParty/` started for one test: it gets a fresh directory as its
/// first argument and writes the port it listens on to `port` there once it listens.
struct PortFileProcess: @unchecked Sendable {
    let port: Int
    let directory: URL
    private let process: SpawnedProcess

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
        let process = try await SpawnedProcess.start("/usr/bin/env", ["python3", path, directory.path] + arguments)
        let portFile = directory.appendingPathComponent("port")
        let port = try await process.whenReady("the \(name) starting") {
            (try? String(contentsOf: portFile, encoding: .utf8)).flatMap { Int($0) }
        }
        return PortFileProcess(port: port, directory: directory, process: process)
    }

    /// Kills the program and waits for it, then removes its directory.
    private func stop() async {
        process.send(SIGKILL)
        _ = await process.exitStatus()
        try? FileManager.default.removeItem(at: directory)
    }
}
