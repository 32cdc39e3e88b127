/// The few CBOR items (RFC 8949, shortest form) the benchmark's passkeys write: an attestation
/// object and a COSE key.
indirect enum CBORWriter {
    case int(Int)
    case bytes([UInt8])
    case text(String)
    case map([(CBORWriter, CBORWriter)])

    var encoded: [UInt8] {
        switch self {
        case .int(let value): value >= 0 ? Self.head(0, UInt64(value)) : Self.head(1, UInt64(-1 - value))
        case .bytes(let bytes): Self.head(2, UInt64(bytes.count)) + bytes
        case .text(let text): Self.head(3, UInt64(text.utf8.count)) + Array(text.utf8)
        case .map(let pairs): Self.head(5, UInt64(pairs.count)) + pairs.flatMap { $0.0.encoded + $0.1.encoded }
        }
    }

    private static func head(_ major: UInt8, _ argument: UInt64) -> [UInt8] {
        switch argument {
        case 0..<24: [major << 5 | UInt8(argument)]
        case 24...0xFF: [major << 5 | 24, UInt8(argument)]
        default: [major << 5 | 25, UInt8(argument >> 8 & 0xFF), UInt8(argument & 0xFF)]
        }
    }
}
