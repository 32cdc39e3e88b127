/// The data of a symbol: one segment in numeric mode (all digits) or byte mode.
struct Segment {
    private enum Mode {
        case numeric, byte
    }

    private let mode: Mode
    private let bytes: [UInt8]

    init(_ text: String) {
        bytes = Array(text.utf8)
        mode = !bytes.isEmpty && bytes.allSatisfy { (0x30...0x39).contains($0) } ? .numeric : .byte
    }

    /// Bits of the character count field (ISO/IEC 18004 Table 3).
    private func countBits(version: Int) -> Int {
        switch mode {
        case .numeric: version <= 9 ? 10 : 12
        case .byte: version <= 9 ? 8 : 16
        }
    }

    /// Mode indicator, count and data, in bits; `nil` if the count does not fit its field.
    func bitLength(version: Int) -> Int? {
        guard bytes.count < 1 << countBits(version: version) else { return nil }
        let data = switch mode {
        case .numeric: bytes.count / 3 * 10 + [0, 4, 7][bytes.count % 3]
        case .byte: bytes.count * 8
        }
        return 4 + countBits(version: version) + data
    }

    /// The data codewords: segment, terminator, bit padding and pad bytes up to capacity.
    func dataCodewords(version: Int, capacity: Capacity) -> [UInt8] {
        var bits = BitBuffer()
        switch mode {
        case .numeric:
            bits.append(0b0001, count: 4)
            bits.append(bytes.count, count: countBits(version: version))
            var index = 0
            while index < bytes.count {
                let group = bytes[index..<min(index + 3, bytes.count)]
                let value = group.reduce(0) { $0 * 10 + Int($1 - 0x30) }
                bits.append(value, count: [0, 4, 7, 10][group.count])
                index += 3
            }
        case .byte:
            bits.append(0b0100, count: 4)
            bits.append(bytes.count, count: countBits(version: version))
            for byte in bytes { bits.append(Int(byte), count: 8) }
        }
        let capacityBits = capacity.dataCodewords * 8
        bits.append(0, count: min(4, capacityBits - bits.count))
        bits.append(0, count: (8 - bits.count % 8) % 8)
        var codewords = bits.bytes
        var pad: UInt8 = 0xEC
        while codewords.count < capacity.dataCodewords {
            codewords.append(pad)
            pad ^= 0xEC ^ 0x11
        }
        return codewords
    }
}

/// Bits appended most significant first.
struct BitBuffer {
    private(set) var bits: [Bool] = []

    var count: Int { bits.count }

    mutating func append(_ value: Int, count: Int) {
        for shift in stride(from: count - 1, through: 0, by: -1) {
            bits.append((value >> shift) & 1 == 1)
        }
    }

    /// The bits packed into bytes (the count must be a multiple of 8).
    var bytes: [UInt8] {
        stride(from: 0, to: bits.count, by: 8).map { start in
            bits[start..<start + 8].reduce(UInt8(0)) { $0 << 1 | ($1 ? 1 : 0) }
        }
    }
}
