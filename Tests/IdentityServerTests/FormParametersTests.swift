import Crypto
import Foundation
import JWTKit
import Testing
import X509

@testable import IdentityServer

@Suite struct FormParametersTests {
    @Test func decodesPlusAndPercentAndRefusesRepeats() throws {
        let form = try FormParameters("a=1+2&b=%2B%20x&c=&d=x&d=y")
        #expect(try form.single("a") == "1 2")
        #expect(try form.single("b") == "+ x")
        #expect(try form.single("c") == nil)
        #expect(try form.single("missing") == nil)
        #expect(throws: ServerError.invalidRequest("parameter 'd' appears more than once")) { try form.single("d") }
        #expect(throws: ServerError.invalidRequest("malformed form encoding")) { try FormParameters("a=%zz") }
    }
}
