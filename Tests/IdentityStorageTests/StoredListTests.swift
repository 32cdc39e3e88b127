import Foundation
import Testing

@testable import IdentityStorage

/// String lists are stored as the JSON text `JSONEncoder` writes, whether joined directly
/// (plain strings) or encoded (anything that JSON escapes or might), and read back as
/// `JSONDecoder` reads them, whether split directly or decoded.
@Suite struct StoredListTests {
    @Test(arguments: [
        [], ["hwk"], ["hwk", "face", "openid", "a-b_c.d:e", ""], ["a\"b"], ["back\\slash"], ["a/b"], ["é"], ["line\nbreak"],
        ["plain", "spa ce"],
    ])
    func listsAreStoredAsTheEncoderWritesThem(list: [String]) throws {
        #expect(jsonText(list) == String(decoding: try JSONEncoder().encode(list), as: UTF8.self))
        #expect(try JSONDecoder().decode([String].self, from: Data(jsonText(list).utf8)) == list)
        let split = plainStrings(jsonText(list))
        #expect(split == nil || split == list)
    }

    @Test func plainListsAreSplitAndAnythingElseLeftToTheDecoder() {
        #expect(plainStrings("[]") == [])
        #expect(plainStrings(#"[""]"#) == [""])
        #expect(plainStrings(#"["hwk","face","a-b_c.d:e"]"#) == ["hwk", "face", "a-b_c.d:e"])
        for text in [
            #"[ "a"]"#, #"["a" ]"#, #"["a", "b"]"#, #"["a""b"]"#, #"["a","b""#, #"["a","b","]"#, #"["]"#, #"["a\"b"]"#,
            #"["a\u0062"]"#, #"["spa ce"]"#, #"["é"]"#, #"{"a":"b"}"#, "", "[", #"["a"]]"#,
        ] {
            #expect(plainStrings(text) == nil, "\(text)")
        }
    }
}
