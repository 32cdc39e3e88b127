import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// glewlwyd, an OpenID provider written in C (Debian's package), started by
/// `Scripts/glewlwyd-beside` on a free loopback port and pinned to the server's core: the
/// plain requests both serve (the JWKS, the discovery document) are measured on it in the same
/// sitting as on `bi-server`, so the figures compare with a C server on the same kernel.
final class GlewlwydProcess {
    private let process: Process
    let loadTarget: LoadGenerator.Server
    /// The paths of its discovery document and its JWKS.
    let discoveryPath: String
    let jwksPath: String

    /// Starts `script` with a scratch directory in `data`, on `core` where `taskset` exists.
    init(script: URL, data: URL, core: Int?) throws {
        guard FileManager.default.isExecutableFile(atPath: script.path) else {
            throw BenchError("no \(script.path): run bi-bench from the repository's root")
        }
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        let port = try Self.freeLoopbackPort()
        let process = ServerProcess.pinned(script, arguments: [data.path, String(port)], core: core)
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        self.process = process
        // One line, "DISCOVERY_PATH JWKS_PATH", before the script execs glewlwyd (same pid).
        var line = ""
        while !line.contains("\n") {
            let chunk = output.fileHandleForReading.availableData
            guard !chunk.isEmpty else { throw BenchError("\(script.path) exited before starting glewlwyd; see \(data.path)") }
            line += String(decoding: chunk, as: UTF8.self)
        }
        let paths = line.split(whereSeparator: \.isWhitespace)
        guard paths.count == 2 else { throw BenchError("\(script.path) printed \(line), not its two paths") }
        (discoveryPath, jwksPath) = (String(paths[0]), String(paths[1]))
        loadTarget = LoadGenerator.Server(host: "127.0.0.1", port: port, pid: process.processIdentifier)
        try waitUntilServing()
    }

    /// `count` requests to its JWKS, then to its discovery document, over `concurrency`
    /// connections: phases named as ``BenchScript/lightEndpoints(_:accessToken:dpop:)``'s, with
    /// `glewlwyd ` before them.
    func plainRequests(_ count: Int, concurrency: Int) throws -> [PhaseResult] {
        let load = LoadGenerator(servers: [loadTarget], databaseProcessName: nil)
        return try [("/jwks", jwksPath), ("discovery", discoveryPath)].map { name, path in
            try load.run("glewlwyd \(name)", Array(repeating: 0, count: count), workers: concurrency) { connection, _ in
                try connection.send("GET", path).expect(200, what: "glewlwyd \(name)")
            }.0
        }
    }

    /// Stops glewlwyd (SIGTERM) and waits for it.
    func stop() {
        guard process.isRunning else { return }
        process.terminate()
        process.waitUntilExit()
    }

    /// Polls its JWKS until it answers, for at most a minute.
    private func waitUntilServing() throws {
        let deadline = ContinuousClock.now + .seconds(60)
        while true {
            do {
                let connection = try HTTPConnection(host: loadTarget.host, port: loadTarget.port)
                try connection.send("GET", jwksPath).expect(200, what: "glewlwyd's JWKS")
                return
            } catch {
                guard process.isRunning, ContinuousClock.now < deadline else { throw BenchError("glewlwyd did not serve: \(error)") }
                Thread.sleep(forTimeInterval: 0.05)
            }
        }
    }

    /// A port nothing listens on now: bound on loopback, read back, released.
    private static func freeLoopbackPort() throws -> Int {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) == 0 && getsockname(descriptor, $0, &length) == 0 }
        }
        guard bound else { throw BenchError("no free loopback port") }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
