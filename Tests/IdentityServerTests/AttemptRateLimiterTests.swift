import Foundation
import HTTPTypes
import IdentityServer
import Testing
import IdentityServerCore
import ServerTestSupport

/// Which addresses share a claim limit.
@Suite struct AttemptRateLimiterTests {
    @Test(arguments: [
        ("203.0.113.7", "203.0.113.7"),
        ("::ffff:203.0.113.7", "203.0.113.7"),
        ("2001:db8:1:2:aaaa::1", "2001:db8:1:2::/64"),
        ("2001:0db8:0001:0002:ffff:ffff:ffff:ffff", "2001:db8:1:2::/64"),
        ("::1", "0:0:0:0::/64"),
        ("not an address", "not an address"),
    ])
    func addressesCountByNetwork(address: String, network: String) {
        #expect(AttemptRateLimiter.network(of: address) == network)
    }

    /// Which limit refused the attempt, if any.
    static func refusal(of address: String, by limiter: AttemptRateLimiter) async throws -> String? {
        do {
            try await limiter.admit(clientAddress: address)
            return nil
        } catch let error as ServerError where error.status == .tooManyRequests {
            return error.description.contains("this address") ? "address" : "server"
        }
    }

    /// Attempts one address's limit refuses do not spend the global budget (issue 14 #2).
    @Test func oneClientCannotSpendEveryonesBudget() async throws {
        try await ServiceFixture.with { (fixture: ServiceFixture) async throws in
            let limiter = AttemptRateLimiter(store: fixture.store, perAddressPerMinute: 3, globalPerMinute: 5, now: fixture.now)
            for _ in 0..<3 { #expect(try await Self.refusal(of: "203.0.113.7", by: limiter) == nil) }
            for _ in 0..<50 { #expect(try await Self.refusal(of: "203.0.113.7", by: limiter) == "address") }
            // 3 of the global 5 are spent; other clients still get the rest.
            #expect(try await Self.refusal(of: "198.51.100.1", by: limiter) == nil)
            #expect(try await Self.refusal(of: "198.51.100.2", by: limiter) == nil)
            #expect(try await Self.refusal(of: "198.51.100.3", by: limiter) == "server")
            // A new window starts afresh.
            fixture.clock.advance(by: 60)
            #expect(try await Self.refusal(of: "203.0.113.7", by: limiter) == nil)
        }
    }
}
