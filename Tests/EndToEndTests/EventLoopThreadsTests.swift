import Foundation
import ServerTestSupport
import Testing
import TestProcessSupport

/// `connections.threads`: the server's tasks run on NIO's event loops (one per core by
/// default), so a request is read, handled and answered on one thread. Seen from outside: the
/// loops the setting asks for, and requests over a kept-alive connection that leave every other
/// thread asleep, where a hop to a pool of threads and back wakes one of them for each request.
@Suite struct EventLoopThreadsTests {
    @Test(.requires(.python3)) func requestsRunOnTheLoopThatReadThem() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bi-threads-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        // The delivery queues' polls (every second by default) would wake threads of their own.
        let server = try await ServerProcess.start([
            "BI_DATA_DIRECTORY=\(directory.path)", "BI_CONNECTIONS_THREADS=3", "BI_LOG_LEVEL=warning",
            "BI_WEBHOOKS_POLL_INTERVAL=60s",
        ])
        defer { server.kill() }
        let names = try Self.threadNames(of: server.processIdentifier)
        #expect(names.filter(Self.isEventLoop).count == 3, "\(names)")

        // The requests come from a process of their own, which reads the server's threads right
        // around them: on a loaded machine this test's own tasks could take minutes over 300
        // requests, and the server's timers (a date refreshed every second) would count.
        let requests = 300
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("ThirdParty/keepalive_requests.py")
        let port = try #require(URL(string: server.url)?.port)
        let run = try await Python.run([script.path, String(port), String(server.processIdentifier), "/healthz", String(requests)])
        try #require(run.status == 0, "\(run.errors)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
        let threads = try #require(report["threads"] as? [[String: Any]])
        let elsewhere = threads.filter { !Self.isEventLoop($0["name"] as? String ?? "") && ($0["switches"] as? Int ?? 0) > 0 }
        let switches = elsewhere.reduce(0) { $0 + ($1["switches"] as? Int ?? 0) }
        #expect(switches < requests / 4, "\(switches) voluntary context switches off the event loops in \(requests) requests: \(elsewhere), \(report["seconds"] ?? "")")
    }

    /// Without the setting, one loop per core the process may use: its CPU affinity, which
    /// NIO's own count (every core of the machine) does not look at.
    @Test func aServerPinnedToOneCoreRunsOneLoop() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bi-threads-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try await ServerProcess.start(["BI_DATA_DIRECTORY=\(directory.path)", "BI_LOG_LEVEL=warning"], core: 0)
        defer { server.kill() }
        let names = try Self.threadNames(of: server.processIdentifier)
        #expect(names.filter(Self.isEventLoop).count == 1, "\(names)")
        #expect(try await HTTPTestClient(baseURL: server.url).send("GET", "/healthz").status == 200)
    }

    /// The names of a process's threads (`/proc/PID/task/*/comm`).
    static func threadNames(of process: Int32) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: "/proc/\(process)/task").map { task in
            (try? String(contentsOfFile: "/proc/\(process)/task/\(task)/comm", encoding: .utf8)) ?? ""
        }
    }

    /// One of NIO's event loops of the shared group (`NIO-SGLTN-<group>-#<loop>`).
    static func isEventLoop(_ name: String) -> Bool { name.hasPrefix("NIO-SGLTN-") }
}
