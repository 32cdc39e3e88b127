import Foundation
import Testing

@testable import IdentityStorage

/// String lists are stored as the JSON text `JSONEncoder` writes, whether joined directly
/// (plain strings) or encoded (anything that JSON escapes or might).
@Suite struct StoredListTests {
    @Test(arguments: [
        [], ["hwk"], ["hwk", "face", "openid", "a-b_c.d:e", ""], ["a\"b"], ["back\\slash"], ["a/b"], ["é"], ["line\nbreak"],
        ["plain", "spa ce"],
    ])
    func listsAreStoredAsTheEncoderWritesThem(list: [String]) throws {
        #expect(jsonText(list) == String(decoding: try JSONEncoder().encode(list), as: UTF8.self))
        #expect(try JSONDecoder().decode([String].self, from: Data(jsonText(list).utf8)) == list)
    }
}
