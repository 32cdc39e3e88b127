import Crypto
import Foundation
import IdentityServer
import IdentityProtocol
import OpenIDProvider
import Testing
import IdentityServerCore
import ServerTestSupport

/// Anyone may use a public client's id, and every DPoP proof the token endpoint accepts is a
/// row until it expires: a public client's proofs are limited per network, then per client
/// (only what the network's limit let through counts), so one network cannot make the server
/// write without bound nor spend every user's budget (issue 32).
@Suite struct PublicClientProofLimitTests {
    @Test func aPublicClientsProofsAreLimitedPerNetworkThenPerClient() async throws {
        let clock = TestClock()
        try await RunningServer.withRealm(.live, configure: {
            $0.now = clock.now
            $0.publicClientProofs.perAddressPerMinute = 2
            $0.publicClientProofs.perClientPerMinute = 3
            $0.trustedProxies = [IPNetwork("127.0.0.1")!]
        }) { server, realm in
            clock.startAMinute()  // the counting starts now, in one minute's window
            let key = TestDPoPKey(key: .init())
            let attempt = { @Sendable (application: TestApplication, address: String) async throws -> HTTPTestClient.Reply in
                try await Self.refresh(application, from: address, with: key, on: server)
            }
            let (a, b) = ("198.51.100.7", "203.0.113.9")
            var replies: [HTTPTestClient.Reply] = []
            for (application, address) in [(realm.publicClient, a), (realm.publicClient, a), (realm.publicClient, a),
                                            (realm.publicClient, b), (realm.publicClient, b)] {
                replies.append(try await attempt(application, address))
            }
            #expect(replies.map(\.status) == [400, 400, 429, 400, 429],
                    "two from a, its third refused; one more from b, then the client's fourth refused")
            #expect(replies[0].error == "invalid_grant" && replies[3].error == "invalid_grant")
            for _ in 0..<4 {
                let confidential = try await attempt(realm.confidential, a)
                #expect(confidential.error == "invalid_grant", "an authenticated client is not limited")
            }
        }
    }

    /// A refresh with a made-up token and a proof of `key` (its nonce fetched first), as if
    /// from `address` behind the trusted proxy.
    private static func refresh(
        _ application: TestApplication, from address: String, with key: TestDPoPKey, on server: RunningServer
    ) async throws -> HTTPTestClient.Reply {
        let party = TestRelyingParty(application: application, server: server)
        let url = application.issuer + ProviderPath.token
        let form = ["grant_type": "refresh_token", "refresh_token": "not-a-refresh-token"]
        let forwarded = ["X-Forwarded-For": address]
        let first = try await party.post(ProviderPath.token, form, headers: try await key.header("POST", url).merging(forwarded) { $1 })
        guard let nonce = first.header("DPoP-Nonce"), first.error == OAuthErrorCode.useDPoPNonce.rawValue else { return first }
        return try await party.post(ProviderPath.token, form, headers: try await key.header("POST", url, nonce: nonce).merging(forwarded) { $1 })
    }
}
