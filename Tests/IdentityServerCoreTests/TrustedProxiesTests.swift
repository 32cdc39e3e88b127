import Testing
import IdentityServerCore

/// Networks, and which address a request counts as coming from.
@Suite struct TrustedProxiesTests {
    @Test func networksParseAndMatchByPrefix() throws {
        let lan = try #require(IPNetwork("10.1.0.0/16"))
        #expect(lan.contains("10.1.255.7"))
        #expect(!lan.contains("10.2.0.1"))
        #expect(lan.contains("::ffff:10.1.0.9"))
        #expect(!lan.contains("fd00::1"))
        let odd = try #require(IPNetwork("192.168.0.128/25"))
        #expect(odd.contains("192.168.0.200") && !odd.contains("192.168.0.100"))
        let v6 = try #require(IPNetwork("fd00:1::/32"))
        #expect(v6.contains("fd00:1:ffff::1") && !v6.contains("fd00:2::1"))
        #expect(try #require(IPNetwork("127.0.0.1")).contains("127.0.0.1"))
        #expect(try #require(IPNetwork("0.0.0.0/0")).contains("203.0.113.9"))
        for invalid in ["10.0.0.0/33", "fd00::/129", "10.0.0.0/", "10.0.0.0/x", "example.com", ""] {
            #expect(IPNetwork(invalid) == nil, "\(invalid)")
        }
    }

    private let proxies = TrustedProxies(networks: [IPNetwork("10.0.0.0/8")!, IPNetwork("127.0.0.1")!])

    @Test func aDirectClientCannotChooseItsAddress() {
        #expect(proxies.clientAddress(peer: "203.0.113.5", forwardedFor: ["198.51.100.1"]) == "203.0.113.5")
        #expect(TrustedProxies(networks: []).clientAddress(peer: "127.0.0.1", forwardedFor: ["198.51.100.1"]) == "127.0.0.1")
    }

    @Test func behindProxiesTheNearestUntrustedHopIsTheClient() {
        // The client sent a forged first hop; the proxies appended what they saw.
        let headers = ["6.6.6.6, 198.51.100.7", "10.0.0.2"]
        #expect(proxies.clientAddress(peer: "127.0.0.1", forwardedFor: headers) == "198.51.100.7")
        #expect(proxies.clientAddress(peer: "10.0.0.3", forwardedFor: []) == "10.0.0.3")
        #expect(proxies.clientAddress(peer: "127.0.0.1", forwardedFor: ["10.0.0.9, 10.0.0.2"]) == "10.0.0.9")
        #expect(proxies.clientAddress(peer: nil, forwardedFor: ["198.51.100.7"]) == nil)
    }
}
