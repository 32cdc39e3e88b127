import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
import NIOFoundationEssentialsCompat
import Synchronization
import IdentityServer
import Testing
import IdentityServerCore
import ServerTestSupport

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
            // The console too, its links and cookies under the prefix.
            let closed = try await client.execute(uri: "/idp/console", method: .get)
            #expect(closed.status == .seeOther && closed.headers[.location] == "/idp/console/sign-in")
            let signIn = try await client.execute(uri: "/idp/console/sign-in", method: .get)
            #expect(signIn.headers[.setCookie]?.contains("Path=/idp/console;") == true)
            // Operators sign in on their account page, under the prefix (token sign-in is off by default).
            #expect(String(buffer: signIn.body).contains(#"id="operator-sign-in" href="http"#)
                && String(buffer: signIn.body).contains(#"/idp/v1/tenants/operators/realms/operators/account""#))
            #expect(!String(buffer: signIn.body).contains(#"action="/idp/console/sign-in""#))
            #expect(try await client.execute(uri: "/console/sign-in", method: .get).status == .notFound)
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
            // A new id is this process's prefix and a counter: the same prefix, a new count.
            let generated = try #require(try await client.execute(uri: "/healthz", method: .get).headers[.xRequestID])
            let prefix = String(generated.prefix(13))
            #expect(prefix.hasSuffix("-") && generated.count > 13 && RequestLogMiddleware.acceptable(generated) == generated)
            let another = try await client.execute(uri: "/nowhere", method: .get)
            #expect(another.status == .notFound)
            #expect(another.headers[.xRequestID] != nil && another.headers[.xRequestID] != generated)
            // The caller's id is kept when it is a plausible one, replaced when not.
            let kept = try await client.execute(uri: "/healthz", method: .get, headers: [.xRequestID: "lb-7f3a:42.1_x"])
            #expect(kept.headers[.xRequestID] == "lb-7f3a:42.1_x")
            for hostile in ["two words", String(repeating: "a", count: 129), "a\u{7f}b", "ü"] {
                let replaced = try await client.execute(uri: "/healthz", method: .get, headers: [.xRequestID: hostile])
                let replacement = try #require(replaced.headers[.xRequestID])
                #expect(replacement.hasPrefix(prefix) && replacement != generated, "\(hostile)")
            }
        }
    }

    @Test func theRequestLogNamesTheClientARequestNamed() async throws {
        let lines = Mutex<[String]>([])
        let logger = Logger(label: "bi-server") { label in JSONLogHandler(label: label) { line in lines.withLock { $0.append(line) } } }
        try await withServer(publicBaseURL: "http://bi.test", logger: logger) { client, _ in
            let basic = "Basic " + Data("bic_basic:secret".utf8).base64EncodedString()
            for (headers, body) in [
                ([HTTPField.Name.contentType: "application/x-www-form-urlencoded"], "grant_type=refresh_token&client_id=bic_form"),
                ([.contentType: "application/x-www-form-urlencoded", .authorization: basic], "grant_type=refresh_token"),
                ([.contentType: "application/x-www-form-urlencoded"], "client_id=bad%0Aline"),
            ] {
                _ = try await client.execute(
                    uri: "/v1/tenants/t/realms/r/token", method: .post, headers: HTTPFields(headers.map { HTTPField(name: $0, value: $1) }),
                    body: ByteBuffer(string: body))
            }
        }
        let requests = lines.withLock { $0 }.compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
            .filter { $0["message"] as? String == "request" && $0["path"] as? String == "/v1/tenants/t/realms/r/token" }
        #expect(requests.map { $0["client_id"] as? String } == ["bic_form", "bic_basic", nil], "a hostile id is left out")
    }

    private func withServer(
        publicBaseURL: String, logger: Logger? = nil, _ body: @escaping @Sendable (any TestClientProtocol, String) async throws -> Void
    ) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bi-proxy-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        var configuration = ServerConfiguration()
        configuration.dataDirectory = directory
        configuration.publicBaseURL = publicBaseURL
        configuration.logger.logLevel = .warning
        if let logger { configuration.logger = logger }
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
