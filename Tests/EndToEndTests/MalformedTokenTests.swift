import Crypto
import Foundation
import IdentityProtocol
import Testing
import TestProcessSupport
import ServerTestSupport

/// Every place a token or JWT enters the server refuses a malformed compact JWS with its own
/// error, never a `500`: `/userinfo` `401 invalid_token`, introspection `{"active": false}`,
/// revocation `200` (RFC 7009 §2.2), logout's `id_token_hint` `400 invalid_request`, a DPoP
/// proof `400 invalid_dpop_proof` (issue 32).
@Suite struct MalformedTokenTests {
    @Test(arguments: ServerMode.allCases)
    func everyEntryPointRefusesAMalformedTokenWithItsOwnError(mode: ServerMode) async throws {
        try await RunningServer.withEnrolledDevice(mode) { server, realm, device in
            let backend = TestRelyingParty(application: realm.confidential, server: server)
            let issued = try await backend.exchange(try await backend.signIn(with: device))
            let accessToken = try #require(issued.json["access_token"] as? String)
            let idToken = try #require(issued.json["id_token"] as? String)
            let issuer = realm.confidential.issuer

            for token in MalformedJWS.variants(of: accessToken) {
                let userinfo = try await server.client(bearer: token).send("GET", issuer + ProviderPath.userinfo)
                #expect(userinfo.status == 401 && userinfo.header("WWW-Authenticate")?.contains(#"error="invalid_token""#) == true, "\(token)")
                let introspected = try await backend.post(ProviderPath.introspection, ["token": token])
                #expect(introspected.status == 200 && introspected.json["active"] as? Bool == false, "\(token)")
                let revoked = try await backend.post(ProviderPath.revocation, ["token": token])
                #expect(revoked.status == 200, "\(token)")
            }
            for hint in MalformedJWS.variants(of: idToken) {
                let logout = try await server.client().send(
                    "GET", issuer + ProviderPath.endSession + "?" + FormEncoding.encode(["id_token_hint": hint]))
                #expect(logout.status == 400 && logout.error == "invalid_request", "\(hint)")
            }
            #expect(try await server.client(bearer: accessToken).send("GET", issuer + ProviderPath.userinfo).status == 200,
                    "the real token still works")

            let refreshToken = try #require(issued.json["refresh_token"] as? String)
            let key = TestDPoPKey(key: .init())
            let proof = try #require(try await key.header("POST", issuer + ProviderPath.token)["DPoP"])
            for variant in MalformedJWS.variants(of: proof) {
                let refused = try await backend.post(
                    ProviderPath.token, ["grant_type": "refresh_token", "refresh_token": refreshToken], headers: ["DPoP": variant])
                #expect(refused.status == 400 && refused.error == "invalid_dpop_proof", "\(variant)")
            }
            let refreshed = try await backend.post(ProviderPath.token, ["grant_type": "refresh_token", "refresh_token": refreshToken])
            #expect(refreshed.status == 200, "no refusal spent the refresh token")
        }
    }
}
