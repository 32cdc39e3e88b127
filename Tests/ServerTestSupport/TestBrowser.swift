import Foundation
import IdentityProtocol
import Testing

/// A browser for the hosted sign-in pages: keeps the cookies the server sets and sends them
/// back, with its own user agent; remembers the last page.
package actor TestBrowser {
    package nonisolated let client: HTTPTestClient
    package nonisolated let userAgent: String
    package private(set) var cookies: [String: String] = [:]
    package private(set) var page = ""
    /// The `Location` of the last answer, if it redirected.
    package private(set) var lastLocation: String?
    /// The path of the sign-in page the browser was last sent to.
    package private(set) var pagePath: String?

    package init(server: any TestServer, userAgent: String = "TestBrowser/1.0 (\(UUID().uuidString))") {
        client = server.client()
        self.userAgent = userAgent
    }

    /// `GET` of a URL or path; remembers the page and the cookies set.
    @discardableResult
    package func get(_ url: String) async throws -> HTTPTestClient.Reply {
        try await send("GET", url, headers: ["Referer": "https://shop.example/cart?order=42"])
    }

    /// `POST` of a form (empty unless given) to a URL or path, from `origin` (the server's own unless said).
    @discardableResult
    package func post(_ url: String, form: [String: String] = [:], origin: String? = nil) async throws -> HTTPTestClient.Reply {
        let base = client.baseURL
        return try await send("POST", url, form: form, headers: ["Origin": origin ?? base])
    }

    /// `POST` of a JSON body to a URL or path from the server's own origin, as the pages' scripts post.
    @discardableResult
    package nonisolated func post(_ url: String, json: [String: Any]) async throws -> HTTPTestClient.Reply {
        try await post(url, jsonBody: try JSONSerialization.data(withJSONObject: json))
    }

    private func post(_ url: String, jsonBody: Data) async throws -> HTTPTestClient.Reply {
        try await send("POST", url, headers: ["Origin": client.baseURL, "Content-Type": "application/json"], body: jsonBody)
    }

    private func send(
        _ method: String, _ url: String, form: [String: String]? = nil, headers: [String: String], body: Data? = nil
    ) async throws -> HTTPTestClient.Reply {
        var headers = headers
        headers["User-Agent"] = userAgent
        if !cookies.isEmpty { headers["Cookie"] = cookies.map { "\($0.key)=\($0.value)" }.joined(separator: "; ") }
        let reply = try await client.send(method, url, form: form, headers: headers, body: body)
        page = String(decoding: reply.body, as: UTF8.self)
        lastLocation = reply.location
        if let location = reply.location, location.contains("/v1/sign-ins/") { pagePath = location }
        // Several cookies come joined by ", " (the server sets none with an `Expires` date); one
        // with `Max-Age=0` is removed.
        for cookie in reply.header("Set-Cookie")?.components(separatedBy: ", ") ?? [] {
            guard let pair = cookie.split(separator: ";").first else { continue }
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            guard parts.count == 2 else { continue }
            if cookie.contains("Max-Age=0") { cookies[parts[0]] = nil } else { cookies[parts[0]] = parts[1] }
        }
        return reply
    }

    /// Takes another browser's cookie (a copied cookie is what a second browser would need).
    package func setCookie(_ name: String, _ value: String) {
        cookies[name] = value
    }

    /// Whether the last page contains `text`.
    package func shows(_ text: String) -> Bool {
        page.contains(text)
    }

    /// The first capture group of `pattern` in the last page.
    package func match(_ pattern: String) -> String? {
        guard let regex = try? NSRegularExpression(pattern: pattern),
              let found = regex.firstMatch(in: page, range: NSRange(page.startIndex..., in: page)),
              let range = Range(found.range(at: 1), in: page)
        else { return nil }
        return String(page[range])
    }

    /// The sign-in URL the waiting page shows for the other device.
    package var signInURL: String? {
        match(#"id="url" type="text" readonly value="([^"]*)""#).map { $0.replacingOccurrences(of: "&amp;", with: "&") }
    }
}
