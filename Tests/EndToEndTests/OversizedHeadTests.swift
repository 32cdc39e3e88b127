import Foundation
import IdentityServer
import Testing
import ServerTestSupport

/// Requests whose head HTTP's framing refuses answer with the status that says why and the same
/// JSON error body as every other 4xx: `414` for a request line too long, `431` for header
/// fields too large or too many, `400` for a head that is not HTTP (issue 32).
@Suite struct OversizedHeadTests {
    private static func expectJSONError(_ reply: RawHTTPConnection.Reply, status: Int, error: String, _ comment: String) {
        #expect(reply.status == status, "\(comment): \(reply)")
        let body = try? JSONSerialization.jsonObject(with: Data(reply.body.utf8)) as? [String: Any]
        #expect(body?["error"] as? String == error, "\(comment): \(reply.body)")
        #expect((body?["error_description"] as? String)?.isEmpty == false, "\(comment)")
    }

    @Test func theHeadsHTTPRefusesAreAnsweredWithTheirStatusAndTheJSONBody() async throws {
        let server = try await RunningServer.start { $0.connections.maxHeaderBytes = 4096 }
        defer { Task { await server.stop() } }
        let longPath = "/healthz?" + String(repeating: "a", count: 6000)
        Self.expectJSONError(
            try await RawHTTPConnection.exchange(server.baseURL, "GET \(longPath) HTTP/1.1\r\nHost: x\r\n\r\n"),
            status: 414, error: "uri_too_long", "a request line of 6 KB")
        Self.expectJSONError(
            try await RawHTTPConnection.exchange(server.baseURL, "GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: \(String(repeating: "b", count: 6000))\r\n\r\n"),
            status: 431, error: "header_fields_too_large", "one field of 6 KB")
        // Each field under the limit, together over it.
        let wide = (0..<30).map { "X-\($0): \(String(repeating: "w", count: 200))\r\n" }.joined()
        Self.expectJSONError(
            try await RawHTTPConnection.exchange(server.baseURL, "GET /healthz HTTP/1.1\r\nHost: x\r\n\(wide)\r\n"),
            status: 431, error: "header_fields_too_large", "30 fields of 200 bytes")
        let many = (0..<150).map { "X-\($0): v\r\n" }.joined()
        Self.expectJSONError(
            try await RawHTTPConnection.exchange(server.baseURL, "GET /healthz HTTP/1.1\r\nHost: x\r\n\(many)\r\n"),
            status: 431, error: "header_fields_too_large", "150 fields")
        Self.expectJSONError(
            try await RawHTTPConnection.exchange(server.baseURL, "NOT HTTP AT ALL\r\n\r\n"),
            status: 400, error: "invalid_request", "a head that is not HTTP")
        // A request within the limits is served as always, also on a connection after a big one.
        let fine = try await RawHTTPConnection.exchange(server.baseURL, "GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(fine.status == 200)
        await server.stop()
    }
}
