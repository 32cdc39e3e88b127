/// Where a request came from, as a person would recognise it: the client's address and its
/// `User-Agent` (kept printable and short).
public struct RequestSource: Sendable, Equatable {
    public var address: String?
    public var userAgent: String?

    /// A source; `userAgent` is kept as ``printable(_:)`` makes it.
    public init(address: String?, userAgent: String?) {
        self.address = address
        self.userAgent = userAgent.map(Self.printable)
    }

    /// `text` with every byte outside printable ASCII replaced by `?`, at most 256 bytes.
    public static func printable(_ text: String) -> String {
        String(decoding: text.utf8.prefix(256).map { (0x20...0x7E).contains($0) ? $0 : UInt8(ascii: "?") }, as: UTF8.self)
    }
}
