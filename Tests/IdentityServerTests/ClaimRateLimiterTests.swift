@testable import IdentityServer
import Testing

/// Which addresses share a claim limit.
@Suite struct ClaimRateLimiterTests {
    @Test(arguments: [
        ("203.0.113.7", "203.0.113.7"),
        ("::ffff:203.0.113.7", "203.0.113.7"),
        ("2001:db8:1:2:aaaa::1", "2001:db8:1:2::/64"),
        ("2001:0db8:0001:0002:ffff:ffff:ffff:ffff", "2001:db8:1:2::/64"),
        ("::1", "0:0:0:0::/64"),
        ("not an address", "not an address"),
    ])
    func addressesCountByNetwork(address: String, network: String) {
        #expect(ClaimRateLimiter.network(of: address) == network)
    }
}
