import Crypto
import Foundation
import IdentityProtocol
import JWTKit
import Testing
import X509

import IdentityServerCore

@Suite struct FormParametersTests {
    @Test func decodesPlusAndPercentAndRefusesRepeats() throws {
        let form = try FormParameters("a=1+2&b=%2B%20x&c=&d=x&d=y")
        #expect(try form.single("a") == "1 2")
        #expect(try form.single("b") == "+ x")
        #expect(try form.single("c") == nil)
        #expect(try form.single("missing") == nil)
        #expect(throws: ServerError.invalidRequest("parameter 'd' appears more than once")) { try form.single("d") }
        #expect(throws: ServerError.invalidRequest("malformed form encoding")) { try FormParameters("a=%zz") }
        // Empty pairs are skipped; the first `=` splits; no `=` is an empty value; bytes that
        // are not UTF-8 are malformed.
        let edges = try FormParameters("&&e==x=&flag&=nameless&é=%C3%A9&")
        #expect(try edges.single("e") == "=x=")
        #expect(edges.all("flag") == [""])
        #expect(try edges.single("") == "nameless")
        #expect(try edges.single("é") == "é")
        #expect(throws: ServerError.invalidRequest("malformed form encoding")) { try FormParameters("a=%FF") }
        // Repeats keep their order; the first of each is what a refused form shows again.
        let repeats = try FormParameters("a=1&b=2&a=3")
        #expect(repeats.all("a") == ["1", "3"])
        #expect(repeats.firstValues == ["a": "1", "b": "2"])
    }

    /// Every byte but the unreserved ones is escaped (so `+`, `&`, `=`, `%` and spaces survive
    /// any reader), UTF-8 included; the server's form reader gives back the original text.
    @Test func encodesEveryReservedByteAndRoundTrips() throws {
        let everyASCII = String(decoding: (0 ..< 128).map { UInt8($0) }, as: UTF8.self)
        let values = ["a b+c&d=e%f", "Zoë 🙂", "~-._AZaz09", "/?#[]@!$'()*,;", "", "\u{0}\n", everyASCII, "unreserved first, then é"]
        #expect(FormEncoding.encode([("q", "a b+c&d=é")]) == "q=a%20b%2Bc%26d%3D%C3%A9")
        let unreserved = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~")
        for value in values {
            #expect(FormEncoding.escape(value) == value.addingPercentEncoding(withAllowedCharacters: unreserved))
            let form = try FormParameters(FormEncoding.encode([("v", value), ("n+&=", "1")]))
            #expect(try form.single("v") == (value.isEmpty ? nil : value))
            #expect(try form.single("n+&=") == "1")
        }
    }

    /// A query or form holds at most `maxCount` parameters: at the limit it reads, one past it is
    /// `invalid_request` (a 64 KiB body of `a&a&…` would otherwise be 32,000 of them).
    @Test func theNumberOfParametersIsBounded() throws {
        let pairs = { (count: Int) in (0..<count).map { "p\($0)=\($0)" }.joined(separator: "&") }
        let widest = try FormParameters(pairs(FormParameters.maxCount))
        #expect(try widest.single("p999") == "999")
        #expect(throws: ServerError.invalidRequest("")) { try FormParameters(pairs(FormParameters.maxCount + 1)) }
        #expect(throws: ServerError.invalidRequest("")) { try FormParameters(String(repeating: "a&", count: 32_000)) }
    }
}
