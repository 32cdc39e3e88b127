/// A JSON value of the shapes this server and its SDK write, read without a JSON decoder:
/// objects and arrays without white space, strings (escapes included), whole numbers. Any other
/// text (white space, a fraction, `true`, `null`, a repeated key, a lone surrogate, bytes that are
/// not UTF-8) reads as `nil`, for `JSONDecoder` to read as before; what this reads, it reads as
/// the decoder would, so a caller may try it first (``CompactReadable``).
package enum CompactJSON: Equatable {
    case string(String)
    case integer(Int64)
    case array([CompactJSON])
    case object([String: CompactJSON])

    /// The value that is the whole of `bytes`; `nil` when they are not one of these shapes.
    package init?(_ bytes: some Collection<UInt8>) {
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
    package subscript(key: String) -> CompactJSON? {
        guard case .object(let members) = self else { return nil }
        return members[key]
    }

    /// The optional member `key` of this object as `read` reads it: `.some(nil)` without it;
    /// `nil` when this is not an object or `read` refuses the member, for the decoder to refuse
    /// it as `decodeIfPresent` does.
    package func optionalMember<Value>(_ key: String, _ read: (CompactJSON) -> Value?) -> Value?? {
        guard case .object(let members) = self else { return nil }
        guard let member = members[key] else { return .some(nil) }
        return read(member).map { .some($0) }
    }

    /// The string this is, if it is one.
    package var string: String? {
        guard case .string(let text) = self else { return nil }
        return text
    }

    /// The strings this array is, if it is an array of strings only.
    package var strings: [String]? {
        guard case .array(let elements) = self else { return nil }
        let strings = elements.compactMap(\.string)
        return strings.count == elements.count ? strings : nil
    }

    /// The whole number this is, if it is one.
    package var integer: Int64? {
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

        /// `"…"` of valid UTF-8 without control characters, its escapes (RFC 8259 §7) decoded.
        mutating func string() -> String? {
            index += 1
            let start = index
            while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
                guard bytes[index] >= 0x20 else { return nil }
                if bytes[index] == UInt8(ascii: "\\") { return escapedString(from: start) }
                index += 1
            }
            guard index < bytes.count else { return nil }
            defer { index += 1 }
            return String(validating: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        }

        /// The rest of a string from `start`, where an escape was found.
        private mutating func escapedString(from start: Int) -> String? {
            var text = Array(bytes[start..<index])
            while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
                let byte = bytes[index]
                index += 1
                guard byte >= 0x20 else { return nil }
                guard byte == UInt8(ascii: "\\") else {
                    text.append(byte)
                    continue
                }
                guard index < bytes.count else { return nil }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): text.append(escape)
                case UInt8(ascii: "b"): text.append(0x08)
                case UInt8(ascii: "f"): text.append(0x0C)
                case UInt8(ascii: "n"): text.append(0x0A)
                case UInt8(ascii: "r"): text.append(0x0D)
                case UInt8(ascii: "t"): text.append(0x09)
                case UInt8(ascii: "u"):
                    guard let scalar = unicodeScalar() else { return nil }
                    UTF8.encode(scalar) { text.append($0) }
                default: return nil
                }
            }
            guard index < bytes.count else { return nil }
            index += 1
            return String(validating: text, as: UTF8.self)
        }

        /// The scalar of `XXXX` after `\u`, or of a surrogate pair `XXXX\uXXXX`.
        private mutating func unicodeScalar() -> Unicode.Scalar? {
            guard let unit = hexUnit() else { return nil }
            switch unit {
            case 0xD800...0xDBFF:
                guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else { return nil }
                index += 2
                guard let low = hexUnit(), (0xDC00...0xDFFF).contains(low) else { return nil }
                return Unicode.Scalar(0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00))
            case 0xDC00...0xDFFF: return nil
            default: return Unicode.Scalar(UInt32(unit))
            }
        }

        /// Four hexadecimal digits.
        private mutating func hexUnit() -> UInt16? {
            guard index + 4 <= bytes.count else { return nil }
            var unit: UInt16 = 0
            for _ in 0..<4 {
                let byte = bytes[index]
                let digit: UInt8
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
                case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
                default: return nil
                }
                unit = unit << 4 | UInt16(digit)
                index += 1
            }
            return unit
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
            if index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"): return nil
                default: break
                }
            }
            return negative ? -magnitude : magnitude
        }

        /// `[v,v,…]`.
        mutating func array(depth: Int) -> CompactJSON? {
            var elements: [CompactJSON] = []
            guard var more = opens(closing: UInt8(ascii: "]")) else { return nil }
            while more {
                guard let element = value(depth: depth + 1), let next = separator(closing: UInt8(ascii: "]")) else { return nil }
                elements.append(element)
                more = next
            }
            return .array(elements)
        }

        /// `{"k":v,…}`, each key once.
        mutating func object(depth: Int) -> CompactJSON? {
            var members: [String: CompactJSON] = [:]
            guard var more = opens(closing: UInt8(ascii: "}")) else { return nil }
            while more {
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\""), let key = string(),
                      index < bytes.count, bytes[index] == UInt8(ascii: ":")
                else { return nil }
                index += 1
                guard let member = value(depth: depth + 1), members.updateValue(member, forKey: key) == nil,
                      let next = separator(closing: UInt8(ascii: "}"))
                else { return nil }
                more = next
            }
            return .object(members)
        }

        /// Past the opening bracket: whether an element follows (`false` when `closing` is next,
        /// and past it).
        private mutating func opens(closing: UInt8) -> Bool? {
            index += 1
            guard index < bytes.count else { return nil }
            guard bytes[index] == closing else { return true }
            index += 1
            return false
        }

        /// After an element: `true` past a `,` (another follows), `false` past `closing`, `nil`
        /// at anything else.
        private mutating func separator(closing: UInt8) -> Bool? {
            guard index < bytes.count else { return nil }
            index += 1
            switch bytes[index - 1] {
            case UInt8(ascii: ","): return true
            case closing: return false
            default: return nil
            }
        }
    }
}
