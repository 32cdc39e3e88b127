import Foundation
import IdentityServer
import Testing
import IdentityServerCore
import ServerTestSupport

/// `/metrics` says what each metric is, keeps its labels bounded, counts refusals by reason,
/// and can live on a listener of its own (issue 16).
@Suite struct MetricsTests {
    @Test func metricsHaveHelpAndBoundedLabelsAndCountRefusals() async throws {
        try await RunningServer.withRealm(.router) { server, realm in
            let client = server.client()
            _ = try await client.send("GET", "/healthz")
            _ = try await client.send("GET", "/no/such/path/\(UUID().uuidString)")
            let refused = try await client.send(
                "POST", realm.publicClient.issuer + "/token",
                form: ["grant_type": "authorization_code", "code": "forged", "client_id": realm.publicClient.clientID,
                       "redirect_uri": TestRealm.callback, "code_verifier": String(repeating: "v", count: 43)])
            #expect(refused.status == 400)
            let text = String(decoding: try await client.send("GET", "/metrics").body, as: UTF8.self)
            let lines = text.split(separator: "\n").map(String.init)
            for name in ["bi_http_requests_total", "bi_http_request_duration_seconds", "bi_requests_refused_total",
                         "bi_credentials_bound_total", "bi_storage_unavailable_total"] {
                #expect(lines.contains { $0.hasPrefix("# HELP \(name) ") }, "\(name) has no HELP line")
                #expect(lines.contains { $0.hasPrefix("# TYPE \(name) ") }, "\(name) has no TYPE line")
            }
            #expect(lines.contains(#"bi_http_requests_total{route="/healthz",method="GET",status="200"} 1"#), "\(text)")
            // An unknown path counts as "NotFound" (Hummingbird's name), not as itself: clients cannot grow the label set.
            #expect(lines.contains(#"bi_http_requests_total{route="NotFound",method="GET",status="404"} 1"#))
            #expect(!text.contains("/no/such/path"))
            #expect(lines.contains { $0.hasPrefix("bi_requests_refused_total{") && $0.contains(#"error="invalid_grant""#) && $0.hasSuffix("} 1") },
                    "\(lines.filter { $0.contains("refused") })")
            #expect(!text.contains("error_type"))
        }
    }

    @Test func metricsCanHaveAListenerOfTheirOwn() async throws {
        let port = try LoopbackPort.free()
        let server = try await RunningServer.start { $0.metricsAddress = ListenAddress("127.0.0.1:\(port)") }
        do {
            #expect(try await server.client().send("GET", "/metrics").status == 404)
            var reply: HTTPTestClient.Reply?
            for _ in 0..<200 where reply == nil {
                reply = try? await HTTPTestClient(baseURL: "http://127.0.0.1:\(port)").send("GET", "/metrics")
                if reply == nil { await Task.yield() }
            }
            #expect(reply?.status == 200)
            let text = reply.map { String(decoding: $0.body, as: UTF8.self) } ?? ""
            #expect(text.contains("# HELP bi_credentials_bound_total"))
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
    }
}
