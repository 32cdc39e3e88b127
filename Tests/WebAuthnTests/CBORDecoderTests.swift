import Testing
import WebAuthn

/// The decoder against RFC 8949 Appendix A's examples, and each thing it must refuse.
@Suite struct CBORDecoderTests {
    static func hex(_ text: String) -> [UInt8] {
        stride(from: 0, to: text.count, by: 2).map { UInt8(text.dropFirst($0).prefix(2), radix: 16)! }
    }

    @Test(arguments: [
        ("00", CBOR.unsigned(0)), ("17", .unsigned(23)), ("1818", .unsigned(24)), ("1903e8", .unsigned(1000)),
        ("1a000f4240", .unsigned(1_000_000)), ("1b000000e8d4a51000", .unsigned(1_000_000_000_000)),
        ("20", .negative(0)), ("3863", .negative(99)), ("3903e7", .negative(999)),
        ("40", .bytes([])), ("4401020304", .bytes([1, 2, 3, 4])), ("60", .text("")), ("6449455446", .text("IETF")),
        ("62c3bc", .text("ü")), ("f4", .bool(false)), ("f5", .bool(true)), ("f6", .null),
        ("83010203", .array([.unsigned(1), .unsigned(2), .unsigned(3)])),
        ("8301820203820405", .array([.unsigned(1), .array([.unsigned(2), .unsigned(3)]), .array([.unsigned(4), .unsigned(5)])])),
    ])
    func decodesTheRFCsExamples(hex: String, expected: CBOR) throws {
        #expect(try CBORDecoder().decode(Self.hex(hex)) == expected)
    }

    @Test func mapsKeepTheirOrderAndAnswerByIntegerOrText() throws {
        let decoded = try CBORDecoder().decode(Self.hex("a3616102016162200a"))
        let map = try #require(decoded.map)
        #expect(map.entries.map(\.key) == [.text("a"), .unsigned(1), .negative(0)])
        #expect(map["a"] == .unsigned(2) && map[1] == .text("b"))
        #expect(map[-1] == .unsigned(10))
    }

    @Test(arguments: [
        ("", CBORError.truncated), ("18", .truncated), ("4401", .truncated), ("830102", .truncated),
        ("0000", .trailingBytes(1)),
        ("5f4101ff", .unsupported("indefinite length")), ("9f01ff", .unsupported("indefinite length")),
        ("f93c00", .unsupported("float")), ("fb3ff199999999999a", .unsupported("float")), ("f7", .unsupported("undefined")),
        ("c074323031332d30332d32315432303a30343a30305a", .unsupported("tag")),
        ("1805", .notShortestForm), ("190017", .notShortestForm), ("1a0000ffff", .notShortestForm),
        ("1b00000000ffffffff", .notShortestForm), ("62c328", .invalidUTF8),
        ("a201020103", .duplicateKey), ("a1400102", .unsupported("map key that is not an integer or text")),
    ])
    func refuses(hex: String, error: CBORError) {
        #expect(throws: error) { try CBORDecoder().decode(Self.hex(hex)) }
    }

    /// A length claiming more than the input holds is refused before anything is allocated for it.
    @Test func hugeLengthsAreTruncatedNotAllocated() {
        #expect(throws: CBORError.truncated) { try CBORDecoder().decode(Self.hex("5bffffffffffffffff")) }
        #expect(throws: CBORError.truncated) { try CBORDecoder().decode(Self.hex("9bffffffffffffffff")) }
        #expect(throws: CBORError.truncated) { try CBORDecoder().decode(Self.hex("bbffffffffffffffff00")) }
    }

    @Test func depthAndItemCountAreLimited() throws {
        var decoder = CBORDecoder()
        decoder.maxDepth = 4
        #expect(throws: Never.self) { try decoder.decode(Self.hex("8181818100")) }
        #expect(throws: CBORError.tooDeep(limit: 4)) { try decoder.decode(Self.hex("818181818100")) }
        decoder.maxItems = 3
        #expect(throws: Never.self) { try decoder.decode(Self.hex("820102")) }
        #expect(throws: CBORError.tooManyItems(limit: 3)) { try decoder.decode(Self.hex("83010203")) }
    }

    @Test func aPrefixEndsWhereItsItemEnds() throws {
        let bytes = Self.hex("a10102ff")
        let (item, end) = try CBORDecoder().decodePrefix(bytes[...])
        #expect(item.map?[1] == .unsigned(2) && end == 3)
    }
}
