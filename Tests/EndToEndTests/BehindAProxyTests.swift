import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
@testable import IdentityServer
import Testing

/// A server published under a path (`https://id.example/idp`) serves its routes there, `HEAD`
/// works wherever `GET` does, and every response carries a request id (issue 16).
@Suite struct BehindAProxyTests {
    @Test func routesAreServedUnderThePublicBaseURLsPath() async throws {
        try await withServer(publicBaseURL: "http://bi.test/idp/") { client, token in
            let admin: HTTPFields = [.authorization: "Bearer \(token)", .contentType: "application/json"]
            let tenant = try await client.json("/idp/v1/admin/tenants", .post, admin, ["display_name": "Acme"])
            let tenantID = try #require(tenant["id"] as? String)
            let realm = try await client.json(
                "/idp/v1/admin/tenants/\(tenantID)/realms", .post, admin,
                ["display_name": "Customers", "registration_redirect_uri": "https://app.example/register"])
            let realmID = try #require(realm["id"] as? String)
            let issuer = "http://bi.test/idp/v1/tenants/\(tenantID)/realms/\(realmID)"
            #expect(realm["issuer"] as? String == issuer)

            let discovery = try await client.json("/idp/v1/tenants/\(tenantID)/realms/\(realmID)/.well-known/openid-configuration")
            #expect(discovery["issuer"] as? String == issuer)
            #expect(discovery["token_endpoint"] as? String == issuer + "/token")
            // Not at the root: a proxy that strips the prefix is misconfigured, and says so with 404s.
            #expect(try await client.execute(uri: "/v1/admin/tenants", method: .get, headers: admin).status == .notFound)
            // Health and metrics at both, for probes that reach the server directly.
            for path in ["/healthz", "/idp/healthz", "/readyz", "/idp/metrics"] {
                #expect(try await client.execute(uri: path, method: .get).status == .ok, "\(path)")
            }
        }
    }

    @Test func headIsAnsweredWhereverGetIs() async throws {
        try await withServer(publicBaseURL: "http://bi.test") { client, _ in
            let get = try await client.execute(uri: "/healthz", method: .get)
            let head = try await client.execute(uri: "/healthz", method: .head)
            #expect(head.status == .ok)
            #expect(head.body.readableBytes == 0)
            #expect(head.headers[.contentType] == get.headers[.contentType])
            #expect(try await client.execute(uri: "/metrics", method: .head).status == .ok)
        }
    }

    @Test func everyResponseCarriesARequestID() async throws {
        try await withServer(publicBaseURL: "http://bi.test") { client, _ in
            let generated = try await client.execute(uri: "/healthz", method: .get).headers[.xRequestID]
            #expect(generated?.count == 16)
            let another = try await client.execute(uri: "/nowhere", method: .get)
            #expect(another.status == .notFound)
            #expect(another.headers[.xRequestID] != nil && another.headers[.xRequestID] != generated)
            // The caller's id is kept when it is a plausible one, replaced when not.
            let kept = try await client.execute(uri: "/healthz", method: .get, headers: [.xRequestID: "lb-7f3a:42.1_x"])
            #expect(kept.headers[.xRequestID] == "lb-7f3a:42.1_x")
            for hostile in ["two words", String(repeating: "a", count: 129), "a\u{7f}b", "ü"] {
                let replaced = try await client.execute(uri: "/healthz", method: .get, headers: [.xRequestID: hostile])
                #expect(replaced.headers[.xRequestID]?.count == 16, "\(hostile)")
            }
        }
    }

    private func withServer(
        publicBaseURL: String, _ body: @escaping @Sendable (any TestClientProtocol, String) async throws -> Void
    ) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bi-proxy-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        var configuration = ServerConfiguration()
        configuration.dataDirectory = directory
        configuration.publicBaseURL = publicBaseURL
        configuration.logger.logLevel = .warning
        let server = try await IdentityServer.prepare(configuration)
        do {
            let token = try #require(server.bootstrapAdminToken)
            try await server.application().test(.router) { client in try await body(client, token) }
        } catch {
            try? await server.shutdown()
            throw error
        }
        try await server.shutdown()
    }
}

extension TestClientProtocol {
    /// The JSON object a request answers with; expects 200, or 201 for a POST.
    fileprivate func json(
        _ uri: String, _ method: HTTPRequest.Method = .get, _ headers: HTTPFields = [:], _ body: [String: Any]? = nil
    ) async throws -> [String: Any] {
        let response = try await execute(
            uri: uri, method: method, headers: headers,
            body: try body.map { ByteBuffer(bytes: try JSONSerialization.data(withJSONObject: $0)) })
        #expect(response.status == (method == .post ? .created : .ok), "\(uri): \(String(buffer: response.body))")
        return try #require(try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any])
    }
}
