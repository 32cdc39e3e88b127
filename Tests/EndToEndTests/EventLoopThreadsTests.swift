import Foundation
import ServerTestSupport
import Testing
import TestProcessSupport

/// `connections.threads`: the server's tasks run on NIO's event loops (one per core by
/// default), so a request is read, handled and answered on one thread. Seen from outside: the
/// loops the setting asks for, and requests over a kept-alive connection that cost the server
/// about one voluntary context switch each (its loop waiting for the next request), where a hop
/// to a thread pool and back costs two more.
@Suite struct EventLoopThreadsTests {
    @Test func requestsRunOnTheLoopThatReadThem() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bi-threads-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        // The delivery queues' polls (every second by default) would add switches of their own
        // while a loaded machine spreads the requests over a minute.
        let server = try await ServerProcess.start([
            "BI_DATA_DIRECTORY=\(directory.path)", "BI_CONNECTIONS_THREADS=3", "BI_LOG_LEVEL=warning",
            "BI_WEBHOOKS_POLL_INTERVAL=60s",
        ])
        defer { server.kill() }
        let loops = try Self.threadNames(of: server.processIdentifier).filter { $0.hasPrefix("NIO-SGLTN-") }
        #expect(loops.count == 3, "\(loops)")

        let client = HTTPTestClient(baseURL: server.url)
        for _ in 0..<20 { #expect(try await client.send("GET", "/healthz").status == 200) }
        let requests = 300
        let before = try Self.voluntarySwitches(of: server.processIdentifier)
        for _ in 0..<requests { #expect(try await client.send("GET", "/healthz").status == 200) }
        let perRequest = Double(try Self.voluntarySwitches(of: server.processIdentifier) - before) / Double(requests)
        #expect(perRequest < 1.5, "\(perRequest) voluntary context switches per request")
    }

    /// The names of a process's threads (`/proc/PID/task/*/comm`).
    static func threadNames(of process: Int32) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: "/proc/\(process)/task").compactMap { task in
            try? String(contentsOfFile: "/proc/\(process)/task/\(task)/comm", encoding: .utf8)
                .trimmingCharacters(in: .whitespacesAndNewlines)
        }
    }

    /// The voluntary context switches of all of a process's threads so far.
    static func voluntarySwitches(of process: Int32) throws -> Int {
        try FileManager.default.contentsOfDirectory(atPath: "/proc/\(process)/task").reduce(0) { sum, task in
            let status = (try? String(contentsOfFile: "/proc/\(process)/task/\(task)/status", encoding: .utf8)) ?? ""
            let line = status.split(separator: "\n").first { $0.hasPrefix("voluntary_ctxt_switches:") }
            return sum + (line.flatMap { Int($0.split(separator: ":").last!.trimmingCharacters(in: .whitespaces)) } ?? 0)
        }
    }
}
