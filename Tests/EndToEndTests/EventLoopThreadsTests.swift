import Foundation
import ServerTestSupport
import Testing
import TestProcessSupport

/// `connections.threads`: the server's tasks run on NIO's event loops (one per core by
/// default), so a request is read, handled and answered on one thread. Seen from outside: the
/// loops the setting asks for, and requests over a kept-alive connection that leave every other
/// thread asleep, where a hop to a pool of threads and back wakes one of them for each request.
@Suite struct EventLoopThreadsTests {
    @Test func requestsRunOnTheLoopThatReadThem() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bi-threads-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        // The delivery queues' polls (every second by default) wake threads of their own while a
        // loaded machine spreads the requests over a minute or two.
        let server = try await ServerProcess.start([
            "BI_DATA_DIRECTORY=\(directory.path)", "BI_CONNECTIONS_THREADS=3", "BI_LOG_LEVEL=warning",
            "BI_WEBHOOKS_POLL_INTERVAL=60s",
        ])
        defer { server.kill() }
        let loops = try Self.threads(of: server.processIdentifier).filter(\.isEventLoop)
        #expect(loops.count == 3, "\(loops.map(\.name))")

        let client = HTTPTestClient(baseURL: server.url)
        for _ in 0..<20 { #expect(try await client.send("GET", "/healthz").status == 200) }
        let requests = 300
        let before = try Self.threads(of: server.processIdentifier)
        for _ in 0..<requests { #expect(try await client.send("GET", "/healthz").status == 200) }
        let after = try Self.threads(of: server.processIdentifier)
        // Switches of threads other than the loops (a thread that ended counts as none).
        let elsewhere = after.filter { !$0.isEventLoop }.reduce(0) { sum, thread in
            sum + thread.voluntarySwitches - (before.first { $0.id == thread.id }?.voluntarySwitches ?? 0)
        }
        #expect(elsewhere < requests / 4, "\(elsewhere) voluntary context switches off the event loops in \(requests) requests")
    }

    /// A thread of a process: its id, name and voluntary context switches so far.
    struct ThreadState {
        let id: String
        let name: String
        let voluntarySwitches: Int

        /// One of NIO's event loops of the shared group (`NIO-SGLTN-<group>-#<loop>`).
        var isEventLoop: Bool { name.hasPrefix("NIO-SGLTN-") }
    }

    /// The threads of `process`, from `/proc/PID/task`.
    static func threads(of process: Int32) throws -> [ThreadState] {
        try FileManager.default.contentsOfDirectory(atPath: "/proc/\(process)/task").compactMap { task in
            guard let status = try? String(contentsOfFile: "/proc/\(process)/task/\(task)/status", encoding: .utf8) else { return nil }
            let fields = Dictionary(status.split(separator: "\n").map { line in
                let parts = line.split(separator: ":", maxSplits: 1)
                return (String(parts[0]), parts.count > 1 ? parts[1].trimmingCharacters(in: .whitespaces) : "")
            }) { first, _ in first }
            return ThreadState(id: task, name: fields["Name"] ?? "", voluntarySwitches: Int(fields["voluntary_ctxt_switches"] ?? "") ?? 0)
        }
    }
}
