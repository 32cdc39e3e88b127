import Crypto
import Foundation
import IdentityProtocol
import Testing
import IdentityServerCore
import OpenIDProvider
import ServerTestSupport

/// DPoP server nonces (RFC 9449 §8): shared by instances with the same master key, rotating
/// with time, accepted for one window after they are replaced, and unforgeable (issue 18).
@Suite struct DPoPNoncesTests {
    @Test func aNonceWorksOnEveryInstanceUntilTwoWindowsHavePassed() {
        let clock = TestClock(standingStillAt: Date(timeIntervalSince1970: 1_800_000_000))
        let masterKey = SymmetricKey(size: .bits256)
        let here = DPoPNonces(masterKey: masterKey, lifetime: 300, now: { clock.now() })
        let there = DPoPNonces(masterKey: masterKey, lifetime: 300, now: { clock.now() })
        let nonce = here.current
        #expect(there.accepts(nonce) && here.current == there.current)
        clock.advance(by: 300)
        #expect(here.current != nonce, "a new window, a new nonce")
        #expect(there.accepts(nonce), "the previous window's still works")
        clock.advance(by: 300)
        #expect(!there.accepts(nonce))
    }

    @Test func anotherKeyOrAnAlteredNonceIsRefused() {
        let clock = TestClock(standingStillAt: Date(timeIntervalSince1970: 1_800_000_000))
        let nonces = DPoPNonces(masterKey: SymmetricKey(size: .bits256), lifetime: 300, now: { clock.now() })
        let other = DPoPNonces(masterKey: SymmetricKey(size: .bits256), lifetime: 300, now: { clock.now() })
        #expect(!nonces.accepts(other.current))
        var bytes = [UInt8](Data(base64URLEncoded: nonces.current)!)
        bytes[20] ^= 1
        #expect(!nonces.accepts(Data(bytes).base64URLEncodedString))
        // A future window's counter with any MAC: refused.
        var future = bytes
        future[7] &+= 5
        #expect(!nonces.accepts(Data(future).base64URLEncodedString))
        for garbage in ["", "not base64 !", Data(count: 40).base64URLEncodedString] { #expect(!nonces.accepts(garbage)) }
    }
}
