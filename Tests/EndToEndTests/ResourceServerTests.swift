import BeyondIdentityEmbedded
import BeyondIdentityResourceServer
import Crypto
import Foundation
import IdentityProtocol
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
import ServerTestSupport
#endif

/// The whole chain of issue 18: the SDK signs in with its device-bound key, a Swift backend
/// using ``AccessTokenMiddleware`` accepts its requests, refuses the same token without the
/// device's key, and refuses it at once when the credential is revoked.
@Suite struct ResourceServerEndToEndTests {
    @Test func aBackendAcceptsTheDeviceAndNobodyElseUntilTheCredentialIsRevoked() async throws {
        try await RunningServer.withRealm { server, realm in
            let app = TestApp(server: server, application: realm.publicClient)
            let credential = try await app.sdk.registerCredentials(URL(string: try await realm.enrollmentLink())!)
            let tokens = try await app.sdk.authenticate()
            let verifier = AccessTokenVerifier(
                issuer: realm.publicClient.issuer,
                revocation: .introspection(clientID: realm.confidential.clientID, clientSecret: try #require(realm.confidential.clientSecret)),
                fetch: patientIssuerFetch)

            try await TestResourceServer.with(verifier) { api in
                let orders = try #require(URL(string: api + "/orders"))
                let (body, response) = try await app.sdk.data(for: URLRequest(url: orders), tokens: tokens)
                #expect(response.statusCode == 200, "\(String(decoding: body, as: UTF8.self))")
                #expect(String(decoding: body, as: UTF8.self) == realm.identityID)

                // The token lifted off the device: as Bearer, with another key's proof, with a replayed proof.
                let client = HTTPTestClient(baseURL: api)
                let asBearer = try await client.send("GET", orders.absoluteString, headers: ["Authorization": "Bearer \(tokens.accessToken.value)"])
                #expect(asBearer.status == 401 && asBearer.error == "invalid_token")
                let thief = TestDPoPKey(key: P256.Signing.PrivateKey())
                let otherKey = try await client.send("GET", orders.absoluteString, headers: [
                    "Authorization": "DPoP \(tokens.accessToken.value)"].merging(
                        try await thief.header("GET", orders.absoluteString, accessToken: tokens.accessToken.value)) { $1 })
                #expect(otherKey.status == 401 && otherKey.error == "invalid_token")
                let captured = ["Authorization": "DPoP \(tokens.accessToken.value)",
                                "DPoP": try await app.sdk.dpopProof(for: tokens, method: "GET", url: orders)]
                #expect(try await client.send("GET", orders.absoluteString, headers: captured).status == 200)
                let replayed = try await client.send("GET", orders.absoluteString, headers: captured)
                #expect(replayed.status == 401 && replayed.error == "invalid_dpop_proof")
                #expect(replayed.header("WWW-Authenticate")?.hasPrefix("DPoP error=\"invalid_dpop_proof\"") == true)

                // The credential revoked by an administrator: the device still holds the key, and is refused at once.
                let revoked = try await server.admin.send(
                    "POST", realm.identityPath + "/credentials/\(credential.handle.rawValue)/revoke")
                #expect(revoked.status == 200, "\(revoked.json)")
                let (refusal, after) = try await app.sdk.data(for: URLRequest(url: orders), tokens: tokens)
                #expect(after.statusCode == 401)
                #expect((try JSONSerialization.jsonObject(with: refusal) as? [String: String])?["error_description"]
                    == "the access token has been revoked")
            }
        }
    }
}
