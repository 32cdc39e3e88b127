import Foundation
@testable import IdentityStorage
import Testing
import TestProcessSupport

/// Rotations of a realm's signing key through the store, on both engines.
@Suite struct SigningKeyStorageTests {
    /// Two instances rotating a due key at once (their schedules raced): one successor, not one
    /// each. On PostgreSQL the realm's row lock serialises them; the second finds the key no
    /// longer due and changes nothing. A rotation another instance made is announced: its
    /// store's signing-key version changes (PostgreSQL), so keys read before are read again.
    @Test(arguments: TestEngine.all)
    func instancesRotatingADueKeyAtOnceAddOneSuccessor(engine: TestEngine) async throws {
        try await engine.withTwoStores { first, second in
            try await first.migrate()
            try await first.seedTree()
            let key = { (kid: String, activates: Date) in
                SigningKeyRecord(
                    kid: kid, realmID: "rlm_1", sealedPrivateKey: Data([1]), createdAt: Fixtures.at(1), activatesAt: activates, retiredAt: nil)
            }
            try await first.createSigningKey(key("kid_0", Fixtures.at(1)))
            let cutoff = Fixtures.at(2)
            let versionBefore = second.signingKeysVersion
            let (a, b) = try await (
                first.rotateSigningKey(to: key("kid_a", Fixtures.at(10)), ifNewestActivatedBefore: cutoff),
                second.rotateSigningKey(to: key("kid_b", Fixtures.at(10)), ifNewestActivatedBefore: cutoff))
            #expect([a, b].filter { $0 }.count == 1)
            let keys = try await first.signingKeys(realmID: "rlm_1")
            #expect(Set(keys.map(\.kid)) == [a ? "kid_a" : "kid_b", "kid_0"])
            #expect(keys.first { $0.kid == "kid_0" }?.retiredAt == Fixtures.at(10))
            // Not due: the newest key activates after the cutoff.
            #expect(try await first.rotateSigningKey(to: key("kid_c", Fixtures.at(11)), ifNewestActivatedBefore: cutoff) == false)
            // Due for any cutoff past the successor's activation (a rotation asked for now).
            #expect(try await first.rotateSigningKey(to: key("kid_d", Fixtures.at(12)), ifNewestActivatedBefore: .distantFuture))

            if engine != .sqlite {
                try await eventually("the other instance hears of the rotation") { second.signingKeysVersion != versionBefore ? () : nil }
            }
        }
    }
}
