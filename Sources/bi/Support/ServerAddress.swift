/// The server `bi` talks to: `--server`, else `BI_SERVER`, else the local default.
enum ServerAddress {
    /// Where `bi-server` listens by default.
    static let local = "http://127.0.0.1:8080"
    /// The help of every `--server` option.
    static let help = "The server's base URL (BI_SERVER; default \(local))."

    /// `option`, else `BI_SERVER`, else ``local``; without a trailing slash. An address without
    /// `http://` or `https://` is refused with the URL it likely means.
    static func resolve(_ option: String?, environment: [String: String]) throws -> String {
        let server = option ?? environment["BI_SERVER"].flatMap { $0.isEmpty ? nil : $0 } ?? local
        let lowered = server.lowercased()
        guard lowered.hasPrefix("http://") || lowered.hasPrefix("https://") else {
            throw CLIError("'\(server)' is not a URL: add http:// or https:// (for example http://\(server))")
        }
        return server.hasSuffix("/") ? String(server.dropLast()) : server
    }
}
