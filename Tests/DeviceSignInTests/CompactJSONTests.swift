import DeviceSignIn
import Foundation
import IdentityProtocol
import Testing

import IdentityServerCore

/// JSON of the shapes the server and the SDK write is read without a decoder, to the values
/// the decoder reads; anything else is left to the decoder (`nil`), never read differently.
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
        "\"tab\there\"", #""open"#, #""\x""#, #""\u12""#, #""\u12G4""#, #""a\"#, #""\ud83d""#, #""\udd11x""#, #""\ud83d\u0041""#, "01", "-", "1.5", "1e3", "-0.0", "9223372036854775808",
        "true", "null", #"{"a":1,"a":2}"#, "[[[[[[[[[[1]]]]]]]]]]", #"{"a":1}x"#, "{", "]", "[1}", #"{"a":1]"#, #"["a""#,
    ]) func anythingElseIsLeftToTheDecoder(json: String) {
        #expect(Self.read(json) == nil)
    }

    @Test(arguments: [
        #""a\"b""#, #""a\u0062""#, #""\ud83d\udd11 key""#, #""\/\\\b\f\n\r\t""#, #""caf\u00E9 \u00e9""#, #""\u2028""#,
        #""-----BEGIN CERTIFICATE-----\nMIIB\/+x\n-----END CERTIFICATE-----""#, #""\u0000""#,
    ]) func escapesReadAsTheDecoderReadsThem(json: String) throws {
        #expect(Self.read(json)?.string == (try JSONDecoder().decode(String.self, from: Data(json.utf8))))
    }

    /// The device's sign-in bodies, as the SDK encodes them, read to what the decoder reads.
    @Test func deviceBodiesReadAsTheDecoderReadsThem() throws {
        let chain = ["-----BEGIN CERTIFICATE-----\nMIIB/+xw==\n-----END CERTIFICATE-----", "second \"one\" é"]
        for assertion in [
            AuthenticationAssertion(transaction: "t/1", credentialID: "crd", certificateChain: chain, signature: "sig", amr: ["hwk", "face"]),
            AuthenticationAssertion(transaction: "t", credentialID: "crd", certificateChain: [], signature: "s", amr: nil),
        ] {
            let body = try JSONEncoder.identityWire.encode(assertion)
            #expect(AuthenticationAssertion(compact: try #require(CompactJSON(body))) == assertion)
            #expect(try JSONDecoder.identityWire.decode(AuthenticationAssertion.self, from: body) == assertion)
        }
        let challenge = try JSONEncoder.identityWire.encode(AuthenticationChallengeRequest(transaction: "t+1/2"))
        #expect(AuthenticationChallengeRequest(compact: try #require(CompactJSON(challenge)))?.transaction == "t+1/2")
        // A member of another type is left to the decoder, which refuses it.
        let wrong = Data(#"{"transaction":"t","credential_id":"c","certificate_chain":["a",1],"signature":"s"}"#.utf8)
        #expect(AuthenticationAssertion(compact: try #require(CompactJSON(wrong))) == nil)
        #expect(throws: DecodingError.self) { try JSONDecoder.identityWire.decode(AuthenticationAssertion.self, from: wrong) }
    }

    @Test func bytesThatAreNotUTF8AreLeftToTheDecoder() {
        #expect(CompactJSON(Data([0x22, 0xC3, 0x28, 0x22])) == nil)
        #expect(CompactJSON(Data([0x22, 0xC3, 0xA9, 0x22])) == .string("é"))
    }
}
