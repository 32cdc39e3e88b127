import Crypto
import Foundation
import IdentityProtocol
import Testing
@testable import IdentityServerCore
@testable import OpenIDProvider

/// The compact form a sign-in transaction is sealed in: every member survives the round trip,
/// malformed bytes open as nothing, and references sealed as JSON before it still open.
@Suite struct TransactionBytesTests {
    private static let full = AuthorizationTransaction(
        applicationID: "app_1", realmID: "rlm_1", redirectURI: "https://app.example/cb?x=1&y=\"2\"", scope: "openid email groups",
        state: String(repeating: "s", count: 300), nonce: "nonce ✓ 🔑", codeChallenge: "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
        codeChallengeMethod: "S256", challenge: "Y2hhbGxlbmdl", expiresAt: 1_795_000_000, crossDevice: true, acrValues: ["urn:a", ""])
    private static let minimal = AuthorizationTransaction(
        applicationID: "", realmID: "r", redirectURI: "u", scope: "", state: nil, nonce: nil, codeChallenge: nil,
        codeChallengeMethod: nil, challenge: "c", expiresAt: 0)

    @Test func everyMemberSurvivesTheRoundTrip() {
        for transaction in [Self.full, Self.minimal, { var t = Self.full; t.crossDevice = false; t.acrValues = []; return t }(), Self.traced] {
            #expect(TransactionBytes.decode(TransactionBytes.encode(transaction)) == transaction)
        }
    }

    /// A sign-in started while the server traces: its `/authorize` span, last.
    private static let traced = {
        var transaction = full
        transaction.traceparent = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01"
        return transaction
    }()

    @Test func aTraceparentIsWrittenLastAndOnlyWhenThereIsOne() {
        let untraced = TransactionBytes.encode(Self.full)
        let traced = TransactionBytes.encode(Self.traced)
        #expect(Array(traced.prefix(untraced.count)) == untraced, "what servers before traces read, then the traceparent")
        #expect(traced.count == untraced.count + 56)
        // Anything but a version-00 traceparent (55 characters) after the members is malformed.
        for tail in ["", "00-short", Self.traced.traceparent! + "0"] {
            var bytes = untraced
            bytes.append(UInt8(tail.utf8.count))
            bytes.append(contentsOf: tail.utf8)
            #expect(TransactionBytes.decode(bytes) == nil, "tail \(tail)")
        }
    }

    @Test func malformedBytesOpenAsNothing() {
        let bytes = TransactionBytes.encode(Self.full)
        for cut in [0, 1, bytes.count / 2, bytes.count - 1] {
            #expect(TransactionBytes.decode(bytes.prefix(cut)) == nil, "cut at \(cut)")
        }
        #expect(TransactionBytes.decode(bytes + [0]) == nil, "a trailing byte")
        #expect(TransactionBytes.decode([1] + bytes.dropFirst()) == nil, "another version")
        var invalidUTF8 = TransactionBytes.encode(Self.minimal)
        invalidUTF8[3] = 0xFF  // realmID's one byte
        #expect(TransactionBytes.decode(invalidUTF8) == nil)
    }

    @Test func aReferenceSealedAsJSONStillOpens() throws {
        let masterKey = SymmetricKey(size: .bits256)
        let purpose = Data("bi-auth-transaction-v1".utf8)
        let key = HKDF<SHA256>.deriveKey(inputKeyMaterial: masterKey, info: purpose, outputByteCount: 32)
        let json = try JSONEncoder().encode(Self.full)
        let reference = try #require(try AES.GCM.seal(json, using: key, authenticating: purpose).combined).base64URLEncodedString
        let seal = TransactionSeal(masterKey: masterKey)
        let now = Date(timeIntervalSince1970: 1_794_999_000)
        #expect(seal.open(reference, now: now)?.transaction == Self.full)
        // And a new reference is the compact form, shorter, opening to the same transaction.
        let compact = try seal.seal(Self.full)
        #expect(compact.count < reference.count)
        #expect(seal.open(compact, now: now)?.transaction == Self.full)
    }
}
