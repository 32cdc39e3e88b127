import Foundation
import Testing

@testable import IdentityServer

/// JSON of the shapes the server writes is read without a decoder, to the values the decoder
/// reads; anything else is left to the decoder (`nil`), never read differently.
@Suite struct CompactJSONTests {
    private static func read(_ json: String) -> CompactJSON? { CompactJSON(Data(json.utf8)) }

    @Test func readsWhatTheWriterWrites() {
        #expect(Self.read(#"{"a":["x",1,[]],"b":{"c":-5,"d":{}},"e":"é 🔑 /<>","f":0}"#) == .object([
            "a": .array([.string("x"), .integer(1), .array([])]), "b": .object(["c": .integer(-5), "d": .object([:])]),
            "e": .string("é 🔑 /<>"), "f": .integer(0),
        ]))
        #expect(Self.read("9223372036854775807") == .integer(.max))
        #expect(Self.read(#""""#) == .string(""))
        var writer = JSONObjectWriter()
        writer.add("s", "plain")
        writer.add("n", Int64(-42))
        writer.add("l", ["a", "b"])
        writer.add("o") { $0.add("k", "v") }
        #expect(Self.read(writer.json) == .object([
            "s": .string("plain"), "n": .integer(-42), "l": .array([.string("a"), .string("b")]), "o": .object(["k": .string("v")]),
        ]))
    }

    @Test(arguments: [
        "", " ", #"{"a":1} "#, #" {"a":1}"#, #"{"a": 1}"#, #"{"a":1,}"#, #"{"a":1"#, #"{"a""#, #"{"a"}"#, #"{a:1}"#, #"[1,]"#, "[1",
        #""a\"b""#, #""a\u0062""#, "\"tab\there\"", #""open"#, "01", "-", "1.5", "1e3", "-0.0", "9223372036854775808",
        "true", "null", #"{"a":1,"a":2}"#, "[[[[[[[[[[1]]]]]]]]]]", #"{"a":1}x"#,
    ]) func anythingElseIsLeftToTheDecoder(json: String) {
        #expect(Self.read(json) == nil)
    }

    @Test func bytesThatAreNotUTF8AreLeftToTheDecoder() {
        #expect(CompactJSON(Data([0x22, 0xC3, 0x28, 0x22])) == nil)
        #expect(CompactJSON(Data([0x22, 0xC3, 0xA9, 0x22])) == .string("é"))
    }
}
