import AsyncHTTPClient
package import Foundation
import HTTPTypes
package import HummingbirdTesting
import IdentityProtocol
import NIOCore
import NIOHTTP1
import NIOFoundationCompat
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A plain HTTP client for tests that act as a browser, a device or a client backend.
/// It never follows redirects, so tests see every `302` and its `Location`, and keeps no cookies.
/// A live server is reached with AsyncHTTPClient, not Foundation's URLSession: on Linux a pooled
/// connection that its server closed (a test stopping or killing a server) could stall other
/// requests starting at that moment, in any test, until their timeout.
package struct HTTPTestClient: Sendable {
    package let baseURL: String
    package var bearer: String?
    /// Where requests to ``baseURL`` go instead, when another address serves it: one instance
    /// of several behind a balancer, reached without the balancer.
    package var sendsTo: String?

    /// The router's test client, when the server is reached through its router.
    package let router: (any TestClientProtocol)?

    package init(baseURL: String, bearer: String? = nil, sendsTo: String? = nil, router: (any TestClientProtocol)? = nil) {
        self.baseURL = baseURL
        self.bearer = bearer
        self.sendsTo = sendsTo
        self.router = router
    }

    /// A response: status, headers and body.
    package struct Reply: Sendable {
        package let status: Int
        package let headers: [String: String]
        package let body: Data

        /// The body as a JSON object (empty when it is not one).
        package var json: [String: Any] {
            (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] ?? [:]
        }

        /// The `Location` header.
        package var location: String? { header("Location") }

        /// A header's value, whatever the case of its name.
        package func header(_ name: String) -> String? { headers[name.lowercased()] }

        /// The `error` field of a JSON error body.
        package var error: String? { json["error"] as? String }
    }

    /// Sends a request; `url` is absolute or a path on the base URL.
    package func send(
        _ method: String, _ url: String, json: [String: Any]? = nil, form: [String: String]? = nil,
        headers: [String: String] = [:], body: Data? = nil
    ) async throws -> Reply {
        var absolute = url.hasPrefix("http") ? url : baseURL + url
        if let sendsTo, absolute.hasPrefix(baseURL) { absolute = sendsTo + absolute.dropFirst(baseURL.count) }
        var request = URLRequest(url: URL(string: absolute)!)
        request.httpMethod = method
        if let bearer { request.setValue("Bearer \(bearer)", forHTTPHeaderField: "Authorization") }
        if let json {
            request.httpBody = try JSONSerialization.data(withJSONObject: json)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        if let form {
            request.httpBody = Data(Self.formEncode(form).utf8)
            request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
        }
        if let body { request.httpBody = body }
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        if let router { return try await Self.send(request, through: router, baseURL: baseURL) }
        return try await Self.send(request)
    }

    /// The client of live servers: no redirects followed, no cookies kept, never shut down.
    /// Idle connections are closed after half a second, before a server's keep-alive limit
    /// closes them (15 s, and 1 s where a test shortens it): otherwise a request sent on one as
    /// the server closes it, on a loaded machine, fails with a reset or a closed connection.
    private static let live = HTTPClient(
        eventLoopGroup: HTTPClient.defaultEventLoopGroup,
        configuration: HTTPClient.Configuration(
            redirectConfiguration: .disallow, connectionPool: .init(idleTimeout: .milliseconds(500))))

    /// Sends `request` to a live server.
    private static func send(_ request: URLRequest) async throws -> Reply {
        var live = HTTPClientRequest(url: try #require(request.url?.absoluteString))
        live.method = .init(rawValue: request.httpMethod ?? "GET")
        live.headers.add(name: "User-Agent", value: "HTTPTestClient")
        for (name, value) in request.allHTTPHeaderFields ?? [:] { live.headers.replaceOrAdd(name: name, value: value) }
        if let body = request.httpBody { live.body = .bytes(ByteBuffer(bytes: body)) }
        let response = try await Self.live.execute(live, timeout: .seconds(120))
        let body = try await response.body.collect(upTo: 64 << 20)
        var headers: [String: String] = [:]
        // Repeated fields joined as URLSession joins them (several Set-Cookie fields).
        for (name, value) in response.headers { headers[name.lowercased()] = headers[name.lowercased()].map { "\($0), \(value)" } ?? value }
        return Reply(status: Int(response.status.code), headers: headers, body: Data(buffer: body))
    }

    /// Sends `request` through the router's test client: the same request, no socket.
    private static func send(_ request: URLRequest, through router: any TestClientProtocol, baseURL: String) async throws -> Reply {
        let url = try #require(request.url?.absoluteString)
        guard url.hasPrefix(baseURL) else { throw SetupError("\(url) is not on the server under test") }
        var fields = HTTPFields()
        for (name, value) in request.allHTTPHeaderFields ?? [:] {
            if let field = HTTPField.Name(name) { fields[field] = value }
        }
        let response = try await router.executeRequest(
            uri: String(url.dropFirst(baseURL.count)), method: HTTPRequest.Method(request.httpMethod ?? "GET") ?? .get,
            headers: fields, body: request.httpBody.map { ByteBuffer(bytes: $0) })
        var headers: [String: String] = [:]
        // Repeated fields joined as URLSession joins them (several Set-Cookie fields).
        for field in response.headers { headers[field.name.canonicalName] = headers[field.name.canonicalName].map { "\($0), \(field.value)" } ?? field.value }
        return Reply(status: response.status.code, headers: headers, body: Data(buffer: response.body))
    }

    /// Polls `/healthz` until it answers 200.
    package func waitUntilHealthy() async throws {
        for _ in 0..<200 {
            if let reply = try? await send("GET", "/healthz"), reply.status == 200 { return }
            await Task.yield()
        }
        throw SetupError("server never became healthy")
    }

    /// `application/x-www-form-urlencoded`.
    package static func formEncode(_ form: [String: String]) -> String {
        FormEncoding.encode(form)
    }

    /// A query parameter of a URL.
    package static func queryItem(_ name: String, in url: String?) -> String? {
        url.flatMap { URLComponents(string: $0)?.queryItems?.first { $0.name == name }?.value }
    }
}
