import Foundation
import TestProcessSupport
import Testing

@testable import QRCodeEncoder

/// The encoder against the standard's worked example and against a standard decoder (zbar).
@Suite struct QRCodeTests {
    @Test func theStandardsExampleGivesItsCodewords() {
        // ISO/IEC 18004 Annex I: "01234567" at version 1-M.
        let capacity = Capacity(version: 1, correction: .medium)
        let data = Segment("01234567").dataCodewords(version: 1, capacity: capacity)
        #expect(data == [16, 32, 12, 86, 97, 128, 236, 17, 236, 17, 236, 17, 236, 17, 236, 17])
        #expect(ReedSolomon(degree: 10).remainder(of: data) == [165, 36, 212, 193, 237, 54, 199, 135, 44, 85])
    }

    @Test func aNineDigitCodeFitsTheSmallestSymbol() throws {
        let code = try QRCode(encoding: "123456789")
        #expect(code.version == 1 && code.size == 21)
        #expect(try QRCode(encoding: String(repeating: "7", count: 350), correction: .low).version == 7)
        #expect(throws: QRCodeError.tooLong) { try QRCode(encoding: String(repeating: "x", count: 300)) }
    }

    @Test func finderPatternsSitInThreeCorners() throws {
        let code = try QRCode(encoding: "123456789")
        for (x, y) in [(0, 0), (code.size - 7, 0), (0, code.size - 7)] {
            #expect(code[x, y] && code[x + 6, y + 6] && !code[x + 1, y + 1] && code[x + 3, y + 3])
        }
        #expect(code[8, code.size - 8])  // the dark module
    }

    /// Needs `zbarimg`: skipped without it, failed without it in CI (`BI_REQUIRE_ZBAR=1`).
    @Test(.requires(.zbar), arguments: QRCode.ErrorCorrection.allCases)
    func zbarReadsBackWhatWasEncoded(correction: QRCode.ErrorCorrection) async throws {
        let texts = [
            "123456789", "000000001", String(repeating: "0123456789", count: 12),
            "Grüße, Ada! https://app.example/callback?x=1",
            String(repeating: "passwordless sign-in ", count: 5),  // needs version 7+ and its version bits
        ]
        for text in texts {
            let code = try QRCode(encoding: text, correction: correction)
            #expect(try await Zbar.decode(code.png(moduleSize: 4)) == text, "version \(code.version), mask \(code.mask)")
        }
    }

    @Test func svgAndTerminalRenderingsHaveTheSymbolsShape() throws {
        let code = try QRCode(encoding: "123456789")
        let svg = code.svg(moduleSize: 8, quietZone: 4)
        #expect(svg.hasPrefix("<svg") && svg.contains("viewBox=\"0 0 29 29\""))
        let lines = code.terminalText(quietZone: 2).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 13 && lines.allSatisfy { $0.count == 25 })
        #expect(code.terminalText(quietZone: 0) != code.terminalText(quietZone: 0, inverted: true))
    }
}
