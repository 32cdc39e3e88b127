import Foundation

/// `name=value&…` with everything but RFC 3986 unreserved characters percent-encoded (a space
/// as `%20`), so the same text is a correct URL query and a correct
/// `application/x-www-form-urlencoded` body.
public enum FormEncoding {
    /// The encoded pairs, in order.
    public static func encode(_ fields: [(String, String)]) -> String {
        fields.map { "\(escape($0.0))=\(escape($0.1))" }.joined(separator: "&")
    }

    /// The encoded pairs of `form`, sorted by name.
    public static func encode(_ form: [String: String]) -> String {
        encode(form.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })
    }

    /// Percent-encodes every UTF-8 byte but the unreserved ones, byte by byte (Foundation's
    /// `addingPercentEncoding` goes through `NSString` on Linux, at several times the cost).
    public static func escape(_ text: String) -> String {
        if text.utf8.allSatisfy(isUnreserved) { return text }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count * 3)
        for byte in text.utf8 {
            if isUnreserved(byte) {
                bytes.append(byte)
            } else {
                bytes.append(UInt8(ascii: "%"))
                bytes.append(hexDigits[Int(byte >> 4)])
                bytes.append(hexDigits[Int(byte & 0x0F)])
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static let hexDigits = Array("0123456789ABCDEF".utf8)

    /// RFC 3986 §2.3: `ALPHA / DIGIT / "-" / "." / "_" / "~"`.
    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
            true
        default:
            false
        }
    }
}
