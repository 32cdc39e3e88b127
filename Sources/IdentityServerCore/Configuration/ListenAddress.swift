/// An address to listen on: `host:port`, the host an IPv4 address, a name, or an IPv6
/// address in brackets (`[::1]:9464`).
public struct ListenAddress: Sendable, Equatable, CustomStringConvertible {
    public let host: String
    public let port: Int

    /// Parses `host:port`; `nil` for anything else.
    public init?(_ text: String) {
        guard let colon = text.lastIndex(of: ":"), let port = Int(text[text.index(after: colon)...]),
              (0...65_535).contains(port)
        else { return nil }
        var host = String(text[..<colon])
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        guard !host.isEmpty, !host.contains(" "), host.contains(":") == text[..<colon].hasPrefix("[") else { return nil }
        (self.host, self.port) = (host, port)
    }

    public var description: String { host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)" }
}
