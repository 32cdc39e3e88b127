import Foundation
import Testing

/// A browser's part in the console, for router and live tests: keeps the cookies the server
/// sets, sends them back, and posts forms with the CSRF token of the last page and the
/// console's `Origin`, as a browser does.
package actor ConsoleBrowser {
    package let client: HTTPTestClient
    /// The console's path on the server.
    package let root: String
    package private(set) var cookies: [String: String] = [:]
    /// The last page's HTML.
    package private(set) var page = ""
    /// The `Origin` its forms are posted from.
    package let origin: String
    /// The client address a trusted proxy would name (`X-Forwarded-For`), if any.
    package let forwardedFor: String?
    /// The `Sec-Fetch-Site` its forms are posted with, if any.
    package let fetchSite: String?

    package init(
        server: RunningServer, root: String = "/console", origin: String? = nil, forwardedFor: String? = nil, fetchSite: String? = nil
    ) {
        self.client = server.client()
        self.root = root
        self.origin = origin ?? Self.origin(of: server.baseURL)
        self.forwardedFor = forwardedFor
        self.fetchSite = fetchSite
    }

    /// `GET` of a console path (`/tenants`); remembers the page.
    @discardableResult
    package func get(_ path: String) async throws -> HTTPTestClient.Reply {
        let reply = try await client.send("GET", root + path, headers: cookieHeader)
        remember(reply)
        return reply
    }

    /// `POST` of a form to a console path with the last page's CSRF token (unless `csrf` says
    /// otherwise), its single-use form id if it has one, and the console's origin (unless
    /// `origin` says otherwise).
    @discardableResult
    package func post(_ path: String, _ form: [String: String] = [:], csrf: String? = nil, origin: String? = nil) async throws -> HTTPTestClient.Reply {
        var form = form
        form["csrf"] = form["csrf"] ?? csrf ?? csrfToken
        form["form_id"] = form["form_id"] ?? match(#"name="form_id" value="([^"]*)""#)
        var headers = cookieHeader
        headers["Origin"] = origin ?? self.origin
        headers["Sec-Fetch-Site"] = fetchSite
        let reply = try await client.send("POST", root + path, form: form, headers: headers)
        remember(reply)
        return reply
    }

    /// Signs in with `token`; returns the reply to the form's post.
    @discardableResult
    package func signIn(_ token: String) async throws -> HTTPTestClient.Reply {
        try await get("/sign-in")
        return try await post("/sign-in", ["token": token])
    }

    /// The `csrf` value of the last page's first form.
    package var csrfToken: String? {
        guard let range = page.range(of: #"name="csrf" value="([^"]*)""#, options: .regularExpression) else { return nil }
        return String(page[range].dropFirst(#"name="csrf" value=""#.count).dropLast())
    }

    /// The first capture group (or the whole match) of `pattern` in the last page.
    package func match(_ pattern: String) -> String? {
        guard let regex = try? NSRegularExpression(pattern: pattern),
              let found = regex.firstMatch(in: page, range: NSRange(page.startIndex..., in: page))
        else { return nil }
        let range = found.numberOfRanges > 1 ? found.range(at: 1) : found.range
        return Range(range, in: page).map { String(page[$0]) }
    }

    /// Whether the last page contains `text`.
    package func shows(_ text: String) -> Bool {
        page.contains(text)
    }

    /// Forgets a cookie (as a browser whose cookie expired).
    package func forget(_ name: String) {
        cookies[name] = nil
    }

    /// Sets a cookie as if the server had (a stolen or forged one).
    package func plant(_ name: String, _ value: String) {
        cookies[name] = value
    }

    private var cookieHeader: [String: String] {
        var headers = cookies.isEmpty ? [:] : ["Cookie": cookies.map { "\($0.key)=\($0.value)" }.sorted().joined(separator: "; ")]
        headers["X-Forwarded-For"] = forwardedFor
        return headers
    }

    private func remember(_ reply: HTTPTestClient.Reply) {
        page = String(decoding: reply.body, as: UTF8.self)
        // Several Set-Cookie fields may arrive joined by ", " (URLSession) or as the last one.
        for cookie in (reply.header("Set-Cookie") ?? "").components(separatedBy: ", ") {
            let pair = cookie.split(separator: ";", maxSplits: 1).first.map(String.init) ?? ""
            let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count >= 1, !parts[0].isEmpty else { continue }
            let value = parts.count == 2 ? parts[1] : ""
            cookies[parts[0].trimmingCharacters(in: .whitespaces)] = value.isEmpty || cookie.contains("Max-Age=0") ? nil : value
        }
    }

    private static func origin(of baseURL: String) -> String {
        guard let url = URLComponents(string: baseURL), let scheme = url.scheme, let host = url.host else { return baseURL }
        return "\(scheme)://\(host)\(url.port.map { ":\($0)" } ?? "")"
    }
}
