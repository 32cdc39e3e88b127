/// A QR code symbol (ISO/IEC 18004, Model 2): a square of dark and light modules.
///
/// ```swift
/// let code = try QRCode(encoding: "123456789")
/// print(code.terminalText())
/// try Data(code.png()).write(to: url)
/// ```
///
/// Versions 1–10 (up to 57 × 57 modules; 652 digits or 271 bytes at level L), numeric or
/// byte (UTF-8) mode, the smallest version that fits, and the mask with the lowest penalty.
public struct QRCode: Sendable, Equatable {
    /// Modules per side: `17 + 4 × version`.
    public let size: Int
    /// The version, 1…10.
    public let version: Int
    /// The error-correction level.
    public let correction: ErrorCorrection
    /// The mask pattern chosen, 0…7.
    public let mask: Int
    private let modules: [Bool]

    /// How much of the symbol may be damaged and still decode.
    public enum ErrorCorrection: Sendable, CaseIterable {
        /// About 7 %.
        case low
        /// About 15 %.
        case medium
        /// About 25 %.
        case quartile
        /// About 30 %.
        case high
    }

    /// Encodes `text`: numeric mode if it is all ASCII digits, byte mode (UTF-8) otherwise.
    ///
    /// - Throws: ``QRCodeError/tooLong`` when no version up to 10 holds it.
    public init(encoding text: String, correction: ErrorCorrection = .medium) throws {
        let segment = Segment(text)
        guard let version = (1...Capacity.maximumVersion).first(where: { version in
            guard let bits = segment.bitLength(version: version) else { return false }
            return bits <= Capacity(version: version, correction: correction).dataCodewords * 8
        }) else { throw QRCodeError.tooLong }
        let capacity = Capacity(version: version, correction: correction)
        let codewords = capacity.interleavedWithErrorCorrection(segment.dataCodewords(version: version, capacity: capacity))
        var matrix = Matrix(version: version)
        matrix.drawFunctionPatterns()
        matrix.drawCodewords(codewords)
        let mask = (0..<8).min { matrix.masked($0, correction).penalty < matrix.masked($1, correction).penalty } ?? 0
        let chosen = matrix.masked(mask, correction)
        self.size = chosen.size
        self.version = version
        self.correction = correction
        self.mask = mask
        self.modules = chosen.modules
    }

    /// Whether the module in column `x`, row `y` (from the top left) is dark.
    public subscript(x: Int, y: Int) -> Bool {
        modules[y * size + x]
    }
}
