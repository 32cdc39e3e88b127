public import Foundation

/// Which identity server the SDK talks to: its API base URL.
///
/// The SDK refuses enrollment links, invoke URLs and discovery results that name another server.
public struct Domain: Sendable, Hashable {
    /// The server's API base URL, without a trailing slash (for example `https://id.example.com`).
    public let baseURL: URL

    /// A server at `baseURL`; a trailing slash is removed.
    public init(baseURL: URL) {
        self.baseURL = URL(string: Self.trimmingSlash(baseURL.absoluteString)) ?? baseURL
    }

    private static func trimmingSlash(_ text: String) -> String {
        text.hasSuffix("/") ? String(text.dropLast()) : text
    }

    /// A server on this machine, `http://127.0.0.1:8080` (what `bi-server` listens on by default).
    public static let local = Domain(baseURL: URL(string: "http://127.0.0.1:8080")!)

    /// Whether `text` names this server's API base URL (a trailing slash aside; no other normalization).
    func isBaseURL(_ text: String) -> Bool {
        Self.trimmingSlash(text) == baseURL.absoluteString
    }

    /// The URL of an API path (starting with `/`) on this server.
    func url(_ path: String) -> URL {
        URL(string: baseURL.absoluteString + path)!
    }

    /// `scheme://host[:port]` of `url`, lowercased, for comparison. Built as text: URLComponents'
    /// setters trap on a scheme a lenient `URL` accepted (`://n` has an empty one — found by fuzzing).
    static func origin(of url: URL) -> String {
        guard let scheme = url.scheme?.lowercased(), !scheme.isEmpty, let host = url.host?.lowercased() else {
            return url.absoluteString
        }
        return "\(scheme)://\(host)" + (url.port.map { ":\($0)" } ?? "")
    }
}
