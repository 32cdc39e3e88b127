import Foundation

/// A release `bi-server` started as a child process on a free loopback port, pinned to one core
/// with `taskset` where it exists, its log in the data directory.
final class ServerProcess {
    let process: Process
    /// Where the server listens, e.g. `http://127.0.0.1:40123`.
    let baseURL: URL
    let dataDirectory: URL
    /// The bootstrap admin token the server wrote, if it was the first on its database.
    let adminToken: String?

    var pid: Int32 { process.processIdentifier }

    /// Where the load generator reaches this server.
    var loadTarget: LoadGenerator.Server {
        LoadGenerator.Server(host: baseURL.host ?? "127.0.0.1", port: baseURL.port ?? 80, pid: pid)
    }

    /// Starts `binary` with `arguments` besides its port and data directory, and `environment`
    /// added to this process's.
    init(binary: URL, dataDirectory: URL, arguments extra: [String], environment: [String: String] = [:], core: Int?) throws {
        try FileManager.default.createDirectory(at: dataDirectory, withIntermediateDirectories: true)
        let process = Self.pinned(binary, arguments: ["--port", "0", "--data-directory", dataDirectory.path] + extra, core: core)
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let output = Pipe()
        process.standardOutput = output
        let log = dataDirectory.appendingPathComponent("server.log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        process.standardError = try FileHandle(forWritingTo: log)
        try process.run()
        self.process = process
        self.dataDirectory = dataDirectory

        // Wait for "bi-server listening on URL" (taskset execs the server: same pid).
        var seen = ""
        var listening: URL?
        while listening == nil {
            let chunk = output.fileHandleForReading.availableData
            guard !chunk.isEmpty else {
                throw BenchError("bi-server exited before listening; see \(log.path)")
            }
            seen += String(decoding: chunk, as: UTF8.self)
            if let line = seen.split(separator: "\n").first(where: { $0.contains("listening on ") }),
               let range = line.range(of: "listening on ") {
                listening = URL(string: String(line[range.upperBound...]).trimmingCharacters(in: .whitespaces))
            }
        }
        baseURL = listening!
        adminToken = (try? String(contentsOf: dataDirectory.appendingPathComponent("admin-token"), encoding: .utf8))?
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Stops the server (SIGTERM) and waits for it.
    func stop() {
        guard process.isRunning else { return }
        process.terminate()
        process.waitUntilExit()
    }

    /// A process running `executable` with `arguments`, on `core` alone when there is one and
    /// `taskset` exists (which execs it: the process keeps its pid).
    static func pinned(_ executable: URL, arguments: [String], core: Int?) -> Process {
        let process = Process()
        if let core, let taskset = which("taskset") {
            process.executableURL = taskset
            process.arguments = ["-c", String(core), executable.path] + arguments
        } else {
            process.executableURL = executable
            process.arguments = arguments
        }
        return process
    }

    /// The executable `name` on `PATH`.
    static func which(_ name: String) -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { URL(fileURLWithPath: String($0)).appendingPathComponent(name) }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }
}
