import WebAuthn

/// The tests' CBOR encoder (shortest form, entries in the order given), to build what
/// authenticators send.
extension CBOR {
    var encoded: [UInt8] {
        switch self {
        case .unsigned(let n): Self.head(0, n)
        case .negative(let n): Self.head(1, n)
        case .bytes(let bytes): Self.head(2, UInt64(bytes.count)) + bytes
        case .text(let text): Self.head(3, UInt64(text.utf8.count)) + Array(text.utf8)
        case .array(let items): Self.head(4, UInt64(items.count)) + items.flatMap(\.encoded)
        case .map(let map): Self.head(5, UInt64(map.count)) + map.entries.flatMap { $0.key.encoded + $0.value.encoded }
        case .bool(let value): [value ? 0xF5 : 0xF4]
        case .null: [0xF6]
        }
    }

    static func head(_ major: UInt8, _ argument: UInt64) -> [UInt8] {
        let type = major << 5
        switch argument {
        case 0..<24: return [type | UInt8(argument)]
        case 24...0xFF: return [type | 24, UInt8(argument)]
        case 0x100...0xFFFF: return [type | 25] + bigEndian(argument, 2)
        case 0x10000...0xFFFF_FFFF: return [type | 26] + bigEndian(argument, 4)
        default: return [type | 27] + bigEndian(argument, 8)
        }
    }

    static func bigEndian(_ value: UInt64, _ width: Int) -> [UInt8] {
        (0..<width).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
    }

    /// An integer of either sign.
    static func int(_ value: Int) -> CBOR { value >= 0 ? .unsigned(UInt64(value)) : .negative(UInt64(-1 - value)) }

    /// A map from `(key, value)` pairs, in that order.
    static func map(_ pairs: [(CBOR, CBOR)]) -> CBOR { .map(CBORMap(pairs.map { CBORMap.Entry(key: $0.0, value: $0.1) })) }
}
