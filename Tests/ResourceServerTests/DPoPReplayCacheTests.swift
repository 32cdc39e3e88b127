@testable import BeyondIdentityResourceServer
import Foundation
import Testing

/// The replay window of the resource-server library never jams: a full cache frees itself as
/// its proofs age (the security review found one that stopped sweeping for good).
@Suite struct DPoPReplayCacheTests {
    @Test func aProofIsUsedOnceAndAFullCacheEmptiesAsProofsExpire() async {
        let cache = DPoPReplayCache(capacity: 3000)
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        #expect(await cache.use(thumbprint: "k", jti: "a", expiresAt: start + 300, now: start))
        #expect(await cache.use(thumbprint: "k", jti: "a", expiresAt: start + 300, now: start) == false)
        #expect(await cache.use(thumbprint: "other", jti: "a", expiresAt: start + 300, now: start))
        for index in 0..<2998 {
            #expect(await cache.use(thumbprint: "k", jti: "\(index)", expiresAt: start + 300, now: start))
        }
        #expect(await cache.use(thumbprint: "k", jti: "one too many", expiresAt: start + 300, now: start) == false)
        // Five minutes on, everything has expired: room again, twice over.
        for index in 0..<6000 {
            #expect(await cache.use(thumbprint: "k", jti: "later-\(index)", expiresAt: start + 600 + Double(index), now: start + 301 + Double(index)))
        }
        #expect(await cache.use(thumbprint: "k", jti: "a", expiresAt: start + 10_000, now: start + 9000))
    }
}
