/// A CBOR decoder (RFC 8949) for the WebAuthn subset: definite lengths only, arguments in their
/// shortest form, map keys that are integers or text and given once, UTF-8 text, and limits on depth and on the number of
/// items, so that no input costs more than its length. Map keys may come in any order: browsers
/// and authenticators do not all sort them as CTAP2's canonical form says, and the order
/// carries no meaning.
///
/// Written here rather than taken from a library: the package mirror has no CBOR decoder. It is
/// fuzzed (`Fuzz/WebAuthnInputs`).
public struct CBORDecoder: Sendable {
    /// How deep arrays and maps may nest.
    public var maxDepth = 16
    /// How many items (of any kind, nested ones included) one input may hold.
    public var maxItems = 1_024

    public init() {}

    /// The one item `bytes` holds; bytes after it are refused.
    public func decode(_ bytes: [UInt8]) throws(CBORError) -> CBOR {
        let (item, end) = try decodePrefix(bytes[...])
        guard end == bytes.endIndex else { throw .trailingBytes(bytes.endIndex - end) }
        return item
    }

    /// The item `bytes` starts with, and the index just after it (authenticator data puts its
    /// extensions right after the credential's key, with no length between).
    public func decodePrefix(_ bytes: ArraySlice<UInt8>) throws(CBORError) -> (item: CBOR, end: Int) {
        var reader = Reader(bytes: bytes, position: bytes.startIndex, maxDepth: maxDepth, maxItems: maxItems, itemsLeft: maxItems)
        let item = try reader.item(depth: 0)
        return (item, reader.position)
    }

    private struct Reader {
        let bytes: ArraySlice<UInt8>
        var position: Int
        let maxDepth: Int
        let maxItems: Int
        var itemsLeft: Int

        mutating func item(depth: Int) throws(CBORError) -> CBOR {
            guard depth <= maxDepth else { throw .tooDeep(limit: maxDepth) }
            guard itemsLeft > 0 else { throw .tooManyItems(limit: maxItems) }
            itemsLeft -= 1
            let initial = try byte()
            let major = initial >> 5
            let info = initial & 0x1F
            if major == 7 { return try simple(info) }
            let argument = try self.argument(info)
            switch major {
            case 0: return .unsigned(argument)
            case 1: return .negative(argument)
            case 2: return .bytes(Array(try take(argument)))
            case 3:
                guard let text = String(validating: try take(argument), as: UTF8.self) else { throw .invalidUTF8 }
                return .text(text)
            case 4:
                // Every item takes at least one byte: a count beyond what is left is truncated.
                guard argument <= UInt64(bytes.endIndex - position) else { throw .truncated }
                var items: [CBOR] = []
                items.reserveCapacity(Int(argument))
                for _ in 0..<argument { items.append(try item(depth: depth + 1)) }
                return .array(items)
            case 5:
                guard argument <= UInt64(bytes.endIndex - position) / 2 else { throw .truncated }
                var entries: [CBORMap.Entry] = []
                entries.reserveCapacity(Int(argument))
                for _ in 0..<argument {
                    let key = try item(depth: depth + 1)
                    switch key {
                    case .unsigned, .negative, .text: break
                    default: throw .unsupported("map key that is not an integer or text")
                    }
                    guard !entries.contains(where: { $0.key == key }) else { throw .duplicateKey }
                    entries.append(CBORMap.Entry(key: key, value: try item(depth: depth + 1)))
                }
                return .map(CBORMap(entries))
            default:
                throw .unsupported("tag")
            }
        }

        private mutating func simple(_ info: UInt8) throws(CBORError) -> CBOR {
            switch info {
            case 20: .bool(false)
            case 21: .bool(true)
            case 22: .null
            case 23: throw .unsupported("undefined")
            case 25, 26, 27: throw .unsupported("float")
            case 31: throw .unsupported("break outside an indefinite item")
            default: throw .unsupported("simple value \(info)")
            }
        }

        /// The argument of an initial byte's additional information, in its shortest form.
        private mutating func argument(_ info: UInt8) throws(CBORError) -> UInt64 {
            switch info {
            case 0..<24: return UInt64(info)
            case 24:
                let value = UInt64(try byte())
                guard value >= 24 else { throw .notShortestForm }
                return value
            case 25, 26, 27:
                let width = 1 << (info - 24)
                var value: UInt64 = 0
                for byte in try take(UInt64(width)) { value = value << 8 | UInt64(byte) }
                guard value > (width == 2 ? 0xFF : width == 4 ? 0xFFFF : 0xFFFF_FFFF) else { throw .notShortestForm }
                return value
            case 31: throw .unsupported("indefinite length")
            default: throw .unsupported("reserved additional information \(info)")
            }
        }

        private mutating func byte() throws(CBORError) -> UInt8 {
            guard position < bytes.endIndex else { throw .truncated }
            defer { position += 1 }
            return bytes[position]
        }

        private mutating func take(_ count: UInt64) throws(CBORError) -> ArraySlice<UInt8> {
            guard count <= UInt64(bytes.endIndex - position) else { throw .truncated }
            let end = position + Int(count)
            defer { position = end }
            return bytes[position..<end]
        }
    }
}
