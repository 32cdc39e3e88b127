import Foundation
import IdentityProtocol
import Testing

import IdentityServerCore

/// Resource ids are time-ordered version 7 UUIDs (RFC 9562 §5.7), lowercase; an identity's is
/// a random version 4 UUID, which tells nobody when it was made.
@Suite struct SecretsTests {
    /// Distinct lowercase UUIDs of `version` and RFC 9562's variant, whose digits from
    /// `randomFrom` on (the version's aside) vary: they are random.
    private static func expectUUIDs(_ ids: [String], version: UInt8, randomFrom: Int) throws {
        #expect(Set(ids).count == ids.count)
        for id in ids {
            let uuid = try #require(UUID(uuidString: id), "\(id)")
            #expect(uuid.uuidString.lowercased() == id)
            let bytes = withUnsafeBytes(of: uuid.uuid) { Array($0) }
            #expect(bytes[6] >> 4 == version && bytes[8] >> 6 == 0b10, "\(id)")
        }
        let fixed: Set = [8, 13, 14, 18, 23]
        for position in randomFrom..<36 where !fixed.contains(position) {
            #expect(Set(ids.map { Array($0.utf8)[position] }).count > 1, "digit \(position)")
        }
    }

    @Test func identifiersAreTimeOrderedLowercaseVersion7UUIDs() throws {
        let at = Date(timeIntervalSince1970: 1_764_100_000.5)
        let ids = (0..<1000).map { _ in Secrets.identifier(at: at) }
        try Self.expectUUIDs(ids, version: 7, randomFrom: 15)
        // The first 48 bits are the time in milliseconds: 1764100000500 = 0x019ABC8DCAF4.
        #expect(ids.allSatisfy { $0.hasPrefix("019abc8d-caf4-7") })
        // A later millisecond sorts after an earlier one.
        #expect(Secrets.identifier(at: at) < Secrets.identifier(at: at.addingTimeInterval(0.001)))
        #expect(Secrets.identifier(at: Date(timeIntervalSince1970: 0)).hasPrefix("00000000-0000-7"))
    }

    @Test func randomIdentifiersAreLowercaseVersion4UUIDs() throws {
        try Self.expectUUIDs((0..<1000).map { _ in Secrets.randomIdentifier() }, version: 4, randomFrom: 0)
    }

    /// Random bytes come whole from one system call: every position of a buffer varies across
    /// draws (a fill that stopped short, or filled only the first bytes, leaves some fixed), and
    /// tokens are 256 bits, base64url.
    @Test func randomBytesFillTheWholeBuffer() {
        let draws = (0..<200).map { _ in Array(Secrets.randomBytes(33)) }
        #expect(draws.allSatisfy { $0.count == 33 } && Set(draws).count == draws.count)
        for position in 0..<33 { #expect(Set(draws.map { $0[position] }).count > 1, "byte \(position)") }
        #expect(Secrets.randomBytes(0).isEmpty)
        let token = Secrets.token()
        #expect(token.utf8.count == 43 && Data(base64URLEncoded: token)?.count == 32)
    }
}
