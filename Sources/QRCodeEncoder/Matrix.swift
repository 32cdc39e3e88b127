/// The module grid while a symbol is built: which modules are dark, and which belong to
/// function patterns (finders, timing, alignment, format and version information).
struct Matrix {
    let version: Int
    let size: Int
    private(set) var modules: [Bool]
    private var isFunction: [Bool]

    init(version: Int) {
        self.version = version
        size = 17 + 4 * version
        modules = Array(repeating: false, count: size * size)
        isFunction = Array(repeating: false, count: size * size)
    }

    private mutating func setFunction(_ x: Int, _ y: Int, _ dark: Bool) {
        modules[y * size + x] = dark
        isFunction[y * size + x] = true
    }

    // MARK: Function patterns

    /// Finders with separators, timing, alignment patterns; format and version areas reserved.
    mutating func drawFunctionPatterns() {
        for index in 0..<size {
            setFunction(6, index, index % 2 == 0)
            setFunction(index, 6, index % 2 == 0)
        }
        for (x, y) in [(3, 3), (size - 4, 3), (3, size - 4)] {
            for dy in -4...4 {
                for dx in -4...4 where (0..<size).contains(x + dx) && (0..<size).contains(y + dy) {
                    let distance = max(abs(dx), abs(dy))
                    setFunction(x + dx, y + dy, distance != 2 && distance != 4)
                }
            }
        }
        let centers = alignmentCenters
        for (i, x) in centers.enumerated() {
            for (j, y) in centers.enumerated() {
                let last = centers.count - 1
                guard !((i == 0 && j == 0) || (i == 0 && j == last) || (i == last && j == 0)) else { continue }
                for dy in -2...2 {
                    for dx in -2...2 { setFunction(x + dx, y + dy, max(abs(dx), abs(dy)) != 1) }
                }
            }
        }
        drawFormatBits(0)  // reserves the area; rewritten once the mask is chosen
        drawVersionBits()
    }

    /// Centers of alignment patterns on each axis (ISO/IEC 18004 Annex E).
    private var alignmentCenters: [Int] {
        guard version > 1 else { return [] }
        let count = version / 7 + 2
        let step = (version * 4 + count * 2 + 1) / (count * 2 - 2) * 2
        return [6] + (0..<count - 1).map { size - 7 - $0 * step }.reversed()
    }

    /// The 15 format bits (level and mask, BCH-protected) in both copies, and the dark module.
    mutating func drawFormatBits(_ data: Int) {
        var remainder = data
        for _ in 0..<10 { remainder = (remainder << 1) ^ ((remainder >> 9) * 0x537) }
        let bits = (data << 10 | remainder) ^ 0x5412
        func bit(_ index: Int) -> Bool { (bits >> index) & 1 == 1 }
        for index in 0...5 { setFunction(8, index, bit(index)) }
        setFunction(8, 7, bit(6))
        setFunction(8, 8, bit(7))
        setFunction(7, 8, bit(8))
        for index in 9..<15 { setFunction(14 - index, 8, bit(index)) }
        for index in 0..<8 { setFunction(size - 1 - index, 8, bit(index)) }
        for index in 8..<15 { setFunction(8, size - 15 + index, bit(index)) }
        setFunction(8, size - 8, true)
    }

    /// The 18 version bits (Golay-protected) in both corners, for versions 7 and up.
    private mutating func drawVersionBits() {
        guard version >= 7 else { return }
        var remainder = version
        for _ in 0..<12 { remainder = (remainder << 1) ^ ((remainder >> 11) * 0x1F25) }
        let bits = version << 12 | remainder
        for index in 0..<18 {
            let dark = (bits >> index) & 1 == 1
            let a = size - 11 + index % 3, b = index / 3
            setFunction(a, b, dark)
            setFunction(b, a, dark)
        }
    }

    // MARK: Data

    /// Places the codewords' bits in the zigzag order: two-module columns from the right,
    /// alternately upward and downward, skipping the vertical timing column.
    mutating func drawCodewords(_ codewords: [UInt8]) {
        var bit = 0
        var right = size - 1
        while right >= 1 {
            if right == 6 { right = 5 }
            for vertical in 0..<size {
                for offset in 0..<2 {
                    let x = right - offset
                    let upward = (right + 1) & 2 == 0
                    let y = upward ? size - 1 - vertical : vertical
                    guard !isFunction[y * size + x], bit < codewords.count * 8 else { continue }
                    modules[y * size + x] = (codewords[bit >> 3] >> UInt8(7 - bit & 7)) & 1 == 1
                    bit += 1
                }
            }
            right -= 2
        }
    }

    /// This matrix with data mask `mask` applied and its format bits drawn.
    func masked(_ mask: Int, _ correction: QRCode.ErrorCorrection) -> Matrix {
        var result = self
        for y in 0..<size {
            for x in 0..<size where !isFunction[y * size + x] && Self.inverts(mask, x, y) {
                result.modules[y * size + x].toggle()
            }
        }
        let level = switch correction {
        case .low: 1
        case .medium: 0
        case .quartile: 3
        case .high: 2
        }
        result.drawFormatBits(level << 3 | mask)
        return result
    }

    /// The eight mask patterns (ISO/IEC 18004 Table 10).
    private static func inverts(_ mask: Int, _ x: Int, _ y: Int) -> Bool {
        switch mask {
        case 0: (x + y) % 2 == 0
        case 1: y % 2 == 0
        case 2: x % 3 == 0
        case 3: (x + y) % 3 == 0
        case 4: (x / 3 + y / 2) % 2 == 0
        case 5: x * y % 2 + x * y % 3 == 0
        case 6: (x * y % 2 + x * y % 3) % 2 == 0
        default: ((x + y) % 2 + x * y % 3) % 2 == 0
        }
    }

    // MARK: Penalty

    /// The mask-selection penalty (ISO/IEC 18004 §7.8.3): runs, 2×2 blocks, finder-like
    /// patterns and dark/light imbalance. Lower is better.
    var penalty: Int {
        var score = 0
        let lines = (0..<size).map { y in (0..<size).map { modules[y * size + $0] } }
            + (0..<size).map { x in (0..<size).map { modules[$0 * size + x] } }
        for line in lines {
            var run = 1
            for index in 1...line.count {
                if index < line.count && line[index] == line[index - 1] {
                    run += 1
                } else {
                    if run >= 5 { score += run - 2 }
                    run = 1
                }
            }
            score += 40 * Self.finderLikePatterns(in: line)
        }
        for y in 0..<size - 1 {
            for x in 0..<size - 1 {
                let color = modules[y * size + x]
                if modules[y * size + x + 1] == color && modules[(y + 1) * size + x] == color
                    && modules[(y + 1) * size + x + 1] == color { score += 3 }
            }
        }
        let dark = modules.filter { $0 }.count
        let total = modules.count
        score += ((abs(dark * 20 - total * 10) + total - 1) / total - 1) * 10
        return score
    }

    /// Occurrences of dark-light-dark×3-light-dark with four light modules on one side.
    private static func finderLikePatterns(in line: [Bool]) -> Int {
        let core: [Bool] = [true, false, true, true, true, false, true]
        let light = [Bool](repeating: false, count: 4)
        let patterns = [light + core, core + light]
        var count = 0
        for start in 0..<max(0, line.count - 10) {
            let window = Array(line[start..<start + 11])
            count += patterns.filter { $0 == window }.count
        }
        return count
    }
}
