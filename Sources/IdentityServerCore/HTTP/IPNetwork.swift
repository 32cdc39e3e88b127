import Foundation

/// An IPv4 or IPv6 network in CIDR notation (`10.0.0.0/8`, `fd00::/8`), or a single address.
public struct IPNetwork: Sendable, Equatable, CustomStringConvertible {
    private let prefix: [UInt8]
    private let length: Int
    /// The network as it was written.
    public let description: String

    /// Parses `10.0.0.0/8`, `::1`, …; `nil` if `text` is not a network.
    public init?(_ text: String) {
        let parts = text.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        guard let bytes = Self.bytes(of: parts[0]) else { return nil }
        let length = parts.count == 2 ? Int(parts[1]) : bytes.count * 8
        guard let length, (0...bytes.count * 8).contains(length) else { return nil }
        (prefix, self.length, description) = (bytes, length, text)
    }

    /// Whether `address` lies in this network.
    public func contains(_ address: String) -> Bool {
        guard let bytes = Self.bytes(of: address), bytes.count == prefix.count else { return false }
        var remaining = length
        for (byte, expected) in zip(bytes, prefix) where remaining > 0 {
            let mask = UInt8(truncatingIfNeeded: 0xFF << (8 - min(8, remaining)))
            guard byte & mask == expected & mask else { return false }
            remaining -= 8
        }
        return true
    }

    /// An address's bytes: 4 for IPv4 (also when IPv4-mapped in IPv6), 16 for IPv6.
    package static func bytes(of address: String) -> [UInt8]? {
        var v4 = [UInt8](repeating: 0, count: 4)
        if inet_pton(AF_INET, address, &v4) == 1 { return v4 }
        var v6 = [UInt8](repeating: 0, count: 16)
        guard inet_pton(AF_INET6, address, &v6) == 1 else { return nil }
        return v6.prefix(12).elementsEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xFF, 0xFF]) ? Array(v6.suffix(4)) : v6
    }
}
