import Crypto
import Foundation
import IdentityProtocol
import IdentityServer
@testable import IdentityStorage
import SQLKit
import Logging
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
            try await Self.expectMadeUpClaimsRefused(around: accessToken, server: server, backend: backend, issuer: issuer)
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

    /// On PostgreSQL, which refuses text with a zero byte: such a claim must be refused before
    /// it reaches a query (a `500` otherwise).
    @Test(.enabled(if: TestDatabase.url != nil, "BI_TEST_DATABASE_URL is not set"))
    func madeUpClaimsAreRefusedOnPostgreSQL() async throws {
        let schema = "made_up_claims_\(UInt32.random(in: 0 ... .max))"
        try await RunningServer.withEnrolledDevice(.router, configure: { configuration in
            configuration.databaseURL = TestDatabase.url
            configuration.databaseSchema = schema
        }) { server, realm, device in
            let backend = TestRelyingParty(application: realm.confidential, server: server)
            let issued = try await backend.exchange(try await backend.signIn(with: device))
            let accessToken = try #require(issued.json["access_token"] as? String)
            try await Self.expectMadeUpClaimsRefused(around: accessToken, server: server, backend: backend, issuer: realm.confidential.issuer)
        }
        let store = try await SQLIdentityStore.postgres(url: try #require(TestDatabase.url), logger: Logger(label: "test"))
        try await store.run("DROP SCHEMA IF EXISTS \(ident: schema) CASCADE")
        try await store.shutdown()
    }

    /// The real header and signature of `accessToken` around its claims changed to ids no token
    /// of ours has: `/userinfo` `401 invalid_token`, introspection `{"active": false}`. One is a
    /// zero byte, which PostgreSQL refuses in text: it must not reach the database as a 500.
    static func expectMadeUpClaimsRefused(
        around accessToken: String, server: RunningServer, backend: TestRelyingParty, issuer: String
    ) async throws {
        let parts = accessToken.split(separator: ".").map(String.init)
        let payloadJSON = try #require(Data(base64URLEncoded: parts[1]))
        let claims = try #require(try JSONSerialization.jsonObject(with: payloadJSON) as? [String: Any])
        for (key, value) in [("jti", "\u{0}"), ("jti", "not-a-jti-we-gave"), ("sub", "\u{0}")] {
            let changed = claims.merging([key: value]) { $1 }
            let payload = try JSONSerialization.data(withJSONObject: changed).base64URLEncodedString
            let madeUp = [parts[0], payload, parts[2]].joined(separator: ".")
            let userinfo = try await server.client(bearer: madeUp).send("GET", issuer + ProviderPath.userinfo)
            #expect(userinfo.status == 401 && userinfo.header("WWW-Authenticate")?.contains(#"error="invalid_token""#) == true, "\(key)")
            let introspected = try await backend.post(ProviderPath.introspection, ["token": madeUp])
            #expect(introspected.status == 200 && introspected.json["active"] as? Bool == false, "\(key)")
        }
    }
}
