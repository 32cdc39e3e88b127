import BeyondIdentityEmbedded
import Foundation
import IdentityProtocol
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
import ServerTestSupport
#endif

/// The SDK's DPoP-bound tokens against the real server: its proofs for the app's own requests,
/// the request helper, and refresh with the credential's key.
@Suite struct SDKDPoPTests {
    @Test func theSDKsBoundTokensWorkOnlyWithItsProofs() async throws {
        try await RunningServer.withRealm { server, realm in
            let app = TestApp(server: server, application: realm.publicClient)
            _ = try await app.sdk.registerCredentials(URL(string: try await realm.enrollmentLink())!)
            let tokens = try await app.sdk.authenticate()
            #expect(tokens.isDPoPBound)
            let userinfo = try #require(URL(string: realm.publicClient.issuer + ProviderPath.userinfo + "?ignored=1"))

            // The helper signs the request; the server answers for the credential's user.
            let (body, response) = try await app.sdk.data(for: URLRequest(url: userinfo), tokens: tokens)
            #expect(response.statusCode == 200)
            #expect((try JSONSerialization.jsonObject(with: body) as? [String: Any])?["sub"] as? String == realm.identityID)

            // A proof made for the app's own request works once, for that method and URL only.
            let proof = try await app.sdk.dpopProof(for: tokens, method: "GET", url: userinfo)
            let client = server.client()
            let headers = ["Authorization": "DPoP \(tokens.accessToken.value)", "DPoP": proof]
            #expect(try await client.send("GET", userinfo.absoluteString, headers: headers).status == 200)
            let replayed = try await client.send("GET", userinfo.absoluteString, headers: headers)
            #expect(replayed.status == 401 && replayed.error == "invalid_dpop_proof")
            let posted = try await client.send("POST", userinfo.absoluteString, headers: [
                "Authorization": "DPoP \(tokens.accessToken.value)",
                "DPoP": try await app.sdk.dpopProof(for: tokens, method: "GET", url: userinfo)])
            #expect(posted.status == 401 && posted.error == "invalid_dpop_proof")
            // The token endpoint is the SDK's alone: no proof for it leaves the SDK.
            let tokenEndpoint = try #require(URL(string: realm.publicClient.issuer + ProviderPath.token))
            await #expect(throws: BISDKError.description("proofs for the token endpoint are made by the SDK only: use refreshTokens(_:)")) {
                _ = try await app.sdk.dpopProof(for: tokens, method: "POST", url: tokenEndpoint)
            }
            // The token lifted off the device, sent as a bearer token: refused.
            let lifted = try await client.send("GET", userinfo.absoluteString, headers: ["Authorization": "Bearer \(tokens.accessToken.value)"])
            #expect(lifted.status == 401 && lifted.error == "invalid_token")

            // Refreshed with the key (the server's nonce fetched on the way): still bound.
            let renewed = try await app.sdk.refreshTokens(tokens)
            #expect(renewed.boundCredential == tokens.boundCredential && renewed.accessToken.type == "DPoP")
            #expect(try await app.sdk.data(for: URLRequest(url: userinfo), tokens: renewed).1.statusCode == 200)
        }
    }
}
