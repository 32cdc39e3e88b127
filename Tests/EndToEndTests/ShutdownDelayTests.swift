import Foundation
import ServerTestSupport
import Testing
import TestProcessSupport

/// `connections.shutdown_delay`: a server told to stop (SIGTERM) first stops being ready, so a
/// balancer checking `/readyz` takes it out of its pool, and serves on for the delay; then it
/// drains and exits cleanly.
@Suite struct ShutdownDelayTests {
    @Test func aStoppingServerSaysItIsNotReadyAndServesOnForItsDelay() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bi-shutdown-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try await ServerProcess.start([
            "BI_DATA_DIRECTORY=\(directory.path)", "BI_CONNECTIONS_SHUTDOWN_DELAY=10s", "BI_LOG_LEVEL=warning",
        ])
        let client = HTTPTestClient(baseURL: server.url)
        #expect(try await client.send("GET", "/readyz").status == 200)

        let stopped = Task { await server.terminate() }
        let notReady = try await eventually(within: .seconds(60), "/readyz answering 503 once SIGTERM came") {
            let reply = try await client.send("GET", "/readyz")
            return reply.status == 503 ? reply : nil
        }
        #expect(notReady.json["status"] as? String == "shutting_down")
        // Still serving what is sent to it: liveness, and the admin API's document.
        #expect(try await client.send("GET", "/healthz").status == 200)
        #expect(try await client.send("GET", "/v1/openapi.json").status == 200)
        #expect(await stopped.value == 0, "then it drains and exits cleanly")
    }
}
