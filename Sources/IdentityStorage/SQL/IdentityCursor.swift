import Foundation

/// A cursor of the identity listing: which side of which identity the page lies (`n` after,
/// `p` before), and that identity's sort key (its username, or its creation time and id), in
/// hexadecimal so it passes through a URL as it is. A cursor that does not parse reads
/// as none: the first page.
struct IdentityCursor {
    /// Whether the page is the one before the key's identity.
    let before: Bool
    /// The sort key: a username, or `milliseconds:id`.
    let key: String

    init(after key: String) { (before, self.key) = (false, key) }
    init(before key: String) { (before, self.key) = (true, key) }

    init?(text: String) {
        let hex = Array(text.utf8.dropFirst(2))
        guard text.utf8.count <= 2048, let side = text.first, side == "n" || side == "p", text.dropFirst().first == ".",
              hex.count % 2 == 0, let bytes = Self.bytes(hex), let key = String(bytes: bytes, encoding: .utf8)
        else { return nil }
        (before, self.key) = (side == "p", key)
    }

    var text: String { (before ? "p." : "n.") + key.utf8.map { String(format: "%02x", $0) }.joined() }

    private static func bytes(_ hex: [UInt8]) -> [UInt8]? {
        func nibble(_ c: UInt8) -> UInt8? {
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): c - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): c - UInt8(ascii: "a") + 10
            default: nil
            }
        }
        var bytes: [UInt8] = []
        for index in stride(from: 0, to: hex.count, by: 2) {
            guard let high = nibble(hex[index]), let low = nibble(hex[index + 1]) else { return nil }
            bytes.append(high << 4 | low)
        }
        return bytes
    }

    /// The creation key's parts; a key that is not one reads as the start of time.
    var createdKey: (milliseconds: Int64, id: String) {
        let parts = key.split(separator: ":", maxSplits: 1)
        guard parts.count == 2, let milliseconds = Int64(parts[0]) else { return (Int64.min, "") }
        return (milliseconds, String(parts[1]))
    }

    /// `identity`'s sort key in `order`.
    static func key(of identity: IdentityRecord, in order: IdentityQuery.Order) -> String {
        switch order {
        case .username, .usernameDescending: identity.username
        case .created, .createdDescending: "\(identity.createdAt.milliseconds):\(identity.id)"
        }
    }
}
