/// The server `bi` talks to: `--server`, else `BI_SERVER`, else the local default.
enum ServerAddress {
    /// Where `bi-server` listens by default.
    static let local = "http://127.0.0.1:8080"
    /// The help of every `--server` option.
    static let help = "The server's base URL (BI_SERVER; default \(local))."

    /// `option`, else `BI_SERVER`, else ``local``; without a trailing slash.
    static func resolve(_ option: String?, environment: [String: String]) -> String {
        let server = option ?? environment["BI_SERVER"].flatMap { $0.isEmpty ? nil : $0 } ?? local
        return server.hasSuffix("/") ? String(server.dropLast()) : server
    }
}
