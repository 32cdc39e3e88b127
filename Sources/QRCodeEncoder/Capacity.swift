/// How a version and error-correction level divide the symbol into data and error-correction
/// codewords (ISO/IEC 18004 Table 9), and the Reed–Solomon codes that fill the latter.
struct Capacity {
    static let maximumVersion = 10

    let version: Int
    let correction: QRCode.ErrorCorrection

    // Per version 1…10, indexed by level: error-correction codewords per block, and blocks.
    private static let eccPerBlock: [QRCode.ErrorCorrection: [Int]] = [
        .low: [7, 10, 15, 20, 26, 18, 20, 24, 30, 18],
        .medium: [10, 16, 26, 18, 24, 16, 18, 22, 22, 26],
        .quartile: [13, 22, 18, 26, 18, 24, 18, 22, 20, 24],
        .high: [17, 28, 22, 16, 22, 28, 26, 26, 24, 28],
    ]
    private static let blockCount: [QRCode.ErrorCorrection: [Int]] = [
        .low: [1, 1, 1, 1, 1, 2, 2, 2, 2, 4],
        .medium: [1, 1, 1, 2, 2, 4, 4, 4, 5, 5],
        .quartile: [1, 1, 2, 2, 4, 4, 6, 6, 8, 8],
        .high: [1, 1, 2, 4, 4, 4, 5, 6, 8, 8],
    ]

    private var eccCodewordsPerBlock: Int { Self.eccPerBlock[correction]![version - 1] }
    private var blocks: Int { Self.blockCount[correction]![version - 1] }

    /// Codewords in the symbol: the modules left after the function patterns, over 8.
    var totalCodewords: Int {
        var modules = (16 * version + 128) * version + 64
        if version >= 2 {
            let alignments = version / 7 + 2
            modules -= (25 * alignments - 10) * alignments - 55
            if version >= 7 { modules -= 36 }
        }
        return modules / 8
    }

    var dataCodewords: Int { totalCodewords - eccCodewordsPerBlock * blocks }

    /// Splits `data` into blocks, appends each block's Reed–Solomon codewords, and interleaves
    /// the blocks column by column (short blocks first, one data codeword shorter).
    func interleavedWithErrorCorrection(_ data: [UInt8]) -> [UInt8] {
        let shortBlocks = blocks - totalCodewords % blocks
        let shortBlockLength = totalCodewords / blocks
        let code = ReedSolomon(degree: eccCodewordsPerBlock)
        var blockList: [[UInt8]] = []
        var start = 0
        for index in 0..<blocks {
            let length = shortBlockLength - eccCodewordsPerBlock + (index < shortBlocks ? 0 : 1)
            let blockData = Array(data[start..<start + length])
            start += length
            // Short blocks get a placeholder where long blocks have their extra data codeword.
            blockList.append(blockData + (index < shortBlocks ? [0] : []) + code.remainder(of: blockData))
        }
        var result: [UInt8] = []
        for column in 0..<blockList[0].count {
            for (index, block) in blockList.enumerated()
            where column != shortBlockLength - eccCodewordsPerBlock || index >= shortBlocks {
                result.append(block[column])
            }
        }
        return result
    }
}

/// Reed–Solomon error correction over GF(2⁸) with the QR polynomial x⁸+x⁴+x³+x²+1.
struct ReedSolomon {
    /// The generator polynomial's coefficients, highest power first, leading 1 omitted.
    let divisor: [UInt8]

    init(degree: Int) {
        var divisor = [UInt8](repeating: 0, count: degree)
        divisor[degree - 1] = 1
        var root: UInt8 = 1
        for _ in 0..<degree {
            for index in 0..<degree {
                divisor[index] = Self.multiply(divisor[index], root)
                if index + 1 < degree { divisor[index] ^= divisor[index + 1] }
            }
            root = Self.multiply(root, 0x02)
        }
        self.divisor = divisor
    }

    /// The error-correction codewords of `data`: its remainder modulo the generator.
    func remainder(of data: [UInt8]) -> [UInt8] {
        var result = [UInt8](repeating: 0, count: divisor.count)
        for byte in data {
            let factor = byte ^ result.removeFirst()
            result.append(0)
            for index in result.indices { result[index] ^= Self.multiply(divisor[index], factor) }
        }
        return result
    }

    /// Product in GF(2⁸) modulo 0x11D.
    static func multiply(_ x: UInt8, _ y: UInt8) -> UInt8 {
        var product = 0
        for shift in stride(from: 7, through: 0, by: -1) {
            product = (product << 1) ^ ((product >> 7) * 0x11D)
            product ^= Int((y >> UInt8(shift)) & 1) * Int(x)
        }
        return UInt8(product)
    }
}
