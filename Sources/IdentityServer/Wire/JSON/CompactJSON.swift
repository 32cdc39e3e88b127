/// A JSON value of the shapes ``JSONObjectWriter`` writes, read without a JSON decoder: objects
/// and arrays without whitespace, strings without escapes, whole numbers. Any other text (white
/// space, an escape, a fraction, `true`, `null`, a repeated key, bytes that are not UTF-8) reads
/// as `nil`, for `JSONDecoder` to read as before; what this reads, it reads as the decoder
/// would, so a caller may try it first.
enum CompactJSON: Equatable {
    case string(String)
    case integer(Int64)
    case array([CompactJSON])
    case object([String: CompactJSON])

    /// The value that is the whole of `bytes`; `nil` when they are not one of these shapes.
    init?(_ bytes: some Collection<UInt8>) {
        guard let value = bytes.withContiguousStorageIfAvailable(Self.read) ?? Array(bytes).withUnsafeBufferPointer(Self.read)
        else { return nil }
        self = value
    }

    private static func read(_ bytes: UnsafeBufferPointer<UInt8>) -> CompactJSON? {
        var reader = Reader(bytes: bytes)
        guard let value = reader.value(depth: 0), reader.index == bytes.count else { return nil }
        return value
    }

    /// The member `key` of an object.
    subscript(key: String) -> CompactJSON? {
        guard case .object(let members) = self else { return nil }
        return members[key]
    }

    /// The string this is, if it is one.
    var string: String? {
        guard case .string(let text) = self else { return nil }
        return text
    }

    /// The whole number this is, if it is one.
    var integer: Int64? {
        guard case .integer(let number) = self else { return nil }
        return number
    }

    /// Reads one value at a time from the bytes, moving past it.
    private struct Reader {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0

        /// Objects and arrays nest no deeper than this (a token's `cnf` is one level).
        static let maximumDepth = 8

        mutating func value(depth: Int) -> CompactJSON? {
            guard index < bytes.count, depth <= Self.maximumDepth else { return nil }
            switch bytes[index] {
            case UInt8(ascii: "\""): return string().map(CompactJSON.string)
            case UInt8(ascii: "{"): return object(depth: depth)
            case UInt8(ascii: "["): return array(depth: depth)
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return integer().map(CompactJSON.integer)
            default: return nil
            }
        }

        /// `"…"` with no backslash or control character in it, of valid UTF-8.
        mutating func string() -> String? {
            index += 1
            let start = index
            while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
                guard bytes[index] >= 0x20, bytes[index] != UInt8(ascii: "\\") else { return nil }
                index += 1
            }
            guard index < bytes.count else { return nil }
            defer { index += 1 }
            return String(validating: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        }

        /// `-?(0|[1-9][0-9]*)`, not followed by a fraction or exponent, within `Int64`.
        mutating func integer() -> Int64? {
            let negative = bytes[index] == UInt8(ascii: "-")
            if negative { index += 1 }
            let start = index
            var magnitude: Int64 = 0
            while index < bytes.count, case UInt8(ascii: "0")...UInt8(ascii: "9") = bytes[index] {
                let (shifted, overflow) = magnitude.multipliedReportingOverflow(by: 10)
                let (sum, carry) = shifted.addingReportingOverflow(Int64(bytes[index] - UInt8(ascii: "0")))
                guard !overflow, !carry else { return nil }
                magnitude = sum
                index += 1
            }
            let digits = index - start
            guard digits > 0, digits == 1 || bytes[start] != UInt8(ascii: "0") else { return nil }
            if index < bytes.count, [UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E")].contains(bytes[index]) { return nil }
            return negative ? -magnitude : magnitude
        }

        /// `[v,v,…]`.
        mutating func array(depth: Int) -> CompactJSON? {
            index += 1
            var elements: [CompactJSON] = []
            if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
                index += 1
                return .array(elements)
            }
            while true {
                guard let element = value(depth: depth + 1), index < bytes.count else { return nil }
                elements.append(element)
                index += 1
                switch bytes[index - 1] {
                case UInt8(ascii: ","): continue
                case UInt8(ascii: "]"): return .array(elements)
                default: return nil
                }
            }
        }

        /// `{"k":v,…}`, each key once.
        mutating func object(depth: Int) -> CompactJSON? {
            index += 1
            var members: [String: CompactJSON] = [:]
            if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
                index += 1
                return .object(members)
            }
            while true {
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\""), let key = string(),
                      index < bytes.count, bytes[index] == UInt8(ascii: ":")
                else { return nil }
                index += 1
                guard let member = value(depth: depth + 1), members.updateValue(member, forKey: key) == nil, index < bytes.count
                else { return nil }
                index += 1
                switch bytes[index - 1] {
                case UInt8(ascii: ","): continue
                case UInt8(ascii: "}"): return .object(members)
                default: return nil
                }
            }
        }
    }
}
