public import Foundation

extension JSONEncoder {
    /// The encoder both sides use for wire types: ISO 8601 dates, sorted keys.
    public static var identityWire: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }
}

extension JSONDecoder {
    /// The decoder both sides use for wire types: ISO 8601 dates.
    public static var identityWire: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }
}

extension Data {
    /// Base64url without padding (RFC 4648 §5), as JOSE and PKCE use it.
    public var base64URLEncodedString: String {
        // Byte by byte: string replacement through Foundation cost more than the encoding.
        var bytes = [UInt8](base64EncodedData())
        while bytes.last == UInt8(ascii: "=") { bytes.removeLast() }
        for index in bytes.indices {
            switch bytes[index] {
            case UInt8(ascii: "+"): bytes[index] = UInt8(ascii: "-")
            case UInt8(ascii: "/"): bytes[index] = UInt8(ascii: "_")
            default: break
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Decodes base64url with or without padding; `nil` for anything else.
    public init?(base64URLEncoded string: String) {
        var bytes = [UInt8](string.utf8)
        for index in bytes.indices {
            switch bytes[index] {
            case UInt8(ascii: "+"), UInt8(ascii: "/"): return nil
            case UInt8(ascii: "-"): bytes[index] = UInt8(ascii: "+")
            case UInt8(ascii: "_"): bytes[index] = UInt8(ascii: "/")
            default: break
            }
        }
        bytes += repeatElement(UInt8(ascii: "="), count: (4 - bytes.count % 4) % 4)
        self.init(base64Encoded: Data(bytes))
    }
}
