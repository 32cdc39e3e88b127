import Foundation

/// `name=value&…` with everything but RFC 3986 unreserved characters percent-encoded (a space
/// as `%20`), so the same text is a correct URL query and a correct
/// `application/x-www-form-urlencoded` body.
public enum FormEncoding {
    /// The encoded pairs, in order.
    public static func encode(_ fields: [(String, String)]) -> String {
        var encoded = ""
        for (index, (name, value)) in fields.enumerated() {
            if index > 0 { encoded += "&" }
            encoded += escape(name)
            encoded += "="
            encoded += escape(value)
        }
        return encoded
    }

    /// The encoded pairs of `form`, sorted by name.
    public static func encode(_ form: [String: String]) -> String {
        encode(form.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })
    }

    /// Percent-encodes every UTF-8 byte but the unreserved ones, byte by byte (Foundation's
    /// `addingPercentEncoding` goes through `NSString` on Linux, at several times the cost).
    public static func escape(_ text: String) -> String {
        var text = text
        let escaped = text.withUTF8 { bytes -> String? in
            guard let first = bytes.firstIndex(where: { !isUnreserved($0) }) else { return nil }
            return String(unsafeUninitializedCapacity: bytes.count * 3) { output in
                var count = output.initialize(fromContentsOf: bytes[..<first])
                for byte in bytes[first...] {
                    if isUnreserved(byte) {
                        output[count] = byte
                        count += 1
                    } else {
                        output[count] = UInt8(ascii: "%")
                        output[count + 1] = hexDigits[Int(byte >> 4)]
                        output[count + 2] = hexDigits[Int(byte & 0x0F)]
                        count += 3
                    }
                }
                return count
            }
        }
        return escaped ?? text
    }

    private static let hexDigits: [UInt8] = Array("0123456789ABCDEF".utf8)

    /// RFC 3986 §2.3: `ALPHA / DIGIT / "-" / "." / "_" / "~"`, as bits of the ASCII table's
    /// lower half (`-`, `.`, digits) and upper half (letters, `_`, `~`).
    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case 0 ..< 64: (0x03FF_6000_0000_0000 as UInt64) >> byte & 1 == 1
        case 64 ..< 128: (0x47FF_FFFE_87FF_FFFE as UInt64) >> (byte - 64) & 1 == 1
        default: false
        }
    }
}
