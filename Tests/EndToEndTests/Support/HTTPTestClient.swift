import Foundation
import IdentityProtocol
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A plain HTTP client for tests that act as a browser, a device or a client backend.
/// It never follows redirects, so tests see every `302` and its `Location`.
struct HTTPTestClient: Sendable {
    let baseURL: String
    var bearer: String?

    init(baseURL: String, bearer: String? = nil) {
        self.baseURL = baseURL
        self.bearer = bearer
    }

    /// A response: status, headers and body.
    struct Reply: Sendable {
        let status: Int
        let headers: [String: String]
        let body: Data

        /// The body as a JSON object (empty when it is not one).
        var json: [String: Any] {
            (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] ?? [:]
        }

        /// The `Location` header.
        var location: String? { headers["Location"] ?? headers["location"] }

        /// The `error` field of a JSON error body.
        var error: String? { json["error"] as? String }
    }

    /// Sends a request; `url` is absolute or a path on the base URL.
    func send(
        _ method: String, _ url: String, json: [String: Any]? = nil, form: [String: String]? = nil,
        headers: [String: String] = [:], body: Data? = nil
    ) async throws -> Reply {
        var request = URLRequest(url: URL(string: url.hasPrefix("http") ? url : baseURL + url)!)
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
        let (data, response) = try await Self.session.data(for: request)
        guard let http = response as? HTTPURLResponse else { throw SetupError("not HTTP") }
        var fields: [String: String] = [:]
        for (name, value) in http.allHeaderFields { fields["\(name)"] = "\(value)" }
        return Reply(status: http.statusCode, headers: fields, body: data)
    }

    /// Polls `/healthz` until it answers 200.
    func waitUntilHealthy() async throws {
        for _ in 0..<200 {
            if let reply = try? await send("GET", "/healthz"), reply.status == 200 { return }
            await Task.yield()
        }
        throw SetupError("server never became healthy")
    }

    /// `application/x-www-form-urlencoded`.
    static func formEncode(_ form: [String: String]) -> String {
        FormEncoding.encode(form)
    }

    /// A query parameter of a URL.
    static func queryItem(_ name: String, in url: String?) -> String? {
        url.flatMap { URLComponents(string: $0)?.queryItems?.first { $0.name == name }?.value }
    }

    private static let session = URLSession(
        configuration: .ephemeral, delegate: RedirectRefusingDelegate(), delegateQueue: nil)
}

/// Hands every redirect and authentication challenge back to the caller.
private final class RedirectRefusingDelegate: NSObject, URLSessionTaskDelegate, Sendable {
    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }

    /// Answers a `401` challenge by not answering it, so the test sees the `401` itself.
    func urlSession(
        _ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        completionHandler(.rejectProtectionSpace, nil)
    }
}
