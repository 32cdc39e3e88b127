import Foundation
import ServerTestSupport
import TestProcessSupport

/// `bi-server` as its own process (so that it can be killed with SIGKILL) on the loopback
/// interface: on a free port, or on `port` (to start again where a killed one was).
struct ServerProcess {
    let url: String
    private let process: SpawnedProcess

    /// Its process id.
    var processIdentifier: Int32 { process.processIdentifier }

    /// Starts it with `environment` (`NAME=value`) and returns once it answers `/healthz`. Its
    /// output goes to `log` when given (appended), else to a file removed once it started. With
    /// `core`, it may run on that core alone (`taskset`, which execs it: the pid is the server's).
    static func start(_ environment: [String], port: Int = 0, log: URL? = nil, core: Int? = nil) async throws -> ServerProcess {
        let file = log ?? FileManager.default.temporaryDirectory.appendingPathComponent("bi-server-\(UUID().uuidString).log")
        if !FileManager.default.fileExists(atPath: file.path) { _ = FileManager.default.createFile(atPath: file.path, contents: nil) }
        defer { if log == nil { try? FileManager.default.removeItem(at: file) } }
        let output = try FileHandle(forWritingTo: file)
        defer { try? output.close() }
        // A log appended to holds the former runs' lines: only what this one writes is read.
        let before = Int(try output.seekToEnd())
        let process = try await SpawnedProcess.start(
            "/usr/bin/env",
            environment + (core.map { ["/usr/bin/taskset", "-c", String($0)] } ?? [])
                + [StartUpFailureTests.server, "--port", String(port), "--host", "127.0.0.1"],
            output: output.fileDescriptor, error: output.fileDescriptor)
        // It prints its address once it listens, after its migrations.
        // A loaded machine (the whole suite on two cores) has taken over 30 s for the migrations.
        let url = try await process.whenReady(within: .seconds(180), "bi-server printing its address") {
            let output = String(decoding: ((try? Data(contentsOf: file)) ?? Data()).dropFirst(before), as: UTF8.self)
            return output.range(of: #"listening on http://127\.0\.0\.1:[0-9]+"#, options: .regularExpression)
                .map { String(output[$0].dropFirst("listening on ".count)) }
        }
        try await HTTPTestClient(baseURL: url).waitUntilHealthy()
        return ServerProcess(url: url, process: process)
    }

    /// `kill -9`.
    func kill() {
        process.send(SIGKILL)
    }

    /// `kill -9`, and waits for it to end.
    func stop() async {
        kill()
        _ = await process.exitStatus()
    }

    /// SIGTERM, as a service manager stops it, and waits for it to end; returns its exit status.
    func terminate() async -> Int32 {
        process.send(SIGTERM)
        return await process.exitStatus()
    }
}
