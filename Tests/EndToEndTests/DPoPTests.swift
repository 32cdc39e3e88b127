import Crypto
import Foundation
import IdentityProtocol
import IdentityServer
import Testing
import ServerTestSupport

/// DPoP (RFC 9449) over HTTP against a real server: tokens bound to the credential's key, and
/// every way a proof can be wrong refused with the RFC's error at the token endpoint, userinfo
/// and introspection.
@Suite struct DPoPTests {
    private func userinfo(_ party: TestRelyingParty, _ authorization: String, _ headers: [String: String] = [:]) async throws
        -> HTTPTestClient.Reply
    {
        try await party.server.client().send(
            "GET", party.application.issuer + ProviderPath.userinfo,
            headers: headers.merging(["Authorization": authorization]) { $1 })
    }

    @Test(arguments: ServerMode.allCases) func tokensAreBoundToTheCredentialKeyAndEndWithTheCredential(mode: ServerMode) async throws {
        try await RunningServer.withEnrolledDevice(mode) { server, realm, device in
            let app = TestRelyingParty(application: realm.publicClient, server: server)
            let backend = TestRelyingParty(application: realm.confidential, server: server)
            let credentialKey = TestDPoPKey(key: device.key)
            let tokenURL = realm.publicClient.issuer + ProviderPath.token
            let userinfoURL = realm.publicClient.issuer + ProviderPath.userinfo
            let metadata = try await app.metadata()
            #expect(metadata.dpopSigningAlgValuesSupported == ["ES256"])

            // Without the server's nonce: use_dpop_nonce, with the nonce to use (§8); the code is not spent.
            let code = try await app.signIn(with: device)
            let form = ["grant_type": "authorization_code", "code": code, "redirect_uri": TestRealm.callback,
                        "code_verifier": app.verifier]
            let noNonce = try await app.post(ProviderPath.token, form, headers: try await credentialKey.header("POST", tokenURL))
            #expect(noNonce.status == 400 && noNonce.error == "use_dpop_nonce", "\(noNonce.json)")
            let nonce = try #require(noNonce.header("DPoP-Nonce"))
            let granted = try await app.post(
                ProviderPath.token, form, headers: try await credentialKey.header("POST", tokenURL, nonce: nonce))
            try #require(granted.status == 200, "\(granted.json)")
            #expect(granted.json["token_type"] as? String == "DPoP")
            #expect(granted.header("DPoP-Nonce") != nil)
            let access = try #require(granted.json["access_token"] as? String)
            let refresh = try #require(granted.json["refresh_token"] as? String)
            #expect((try unverifiedClaims(access)["cnf"] as? [String: String]) == ["jkt": credentialKey.thumbprint])
            // The session records that the key is the credential's own.
            let sessions = try await server.admin.send("GET", realm.identityPath + "/sessions")
            let session = try #require((sessions.json["items"] as? [[String: Any]])?.first)
            #expect(session["dpop_jkt"] as? String == credentialKey.thumbprint)
            #expect(session["dpop_key"] as? String == "credential")

            // Introspection tells a resource server which key to expect (§6.2).
            let introspected = try await backend.post(ProviderPath.introspection, ["token": access])
            #expect(introspected.json["active"] as? Bool == true)
            #expect(introspected.json["token_type"] as? String == "DPoP")
            #expect((introspected.json["cnf"] as? [String: String]) == ["jkt": credentialKey.thumbprint])

            // Userinfo: with a proof of the key, yes; as Bearer, or with another key's proof, no.
            let ok = try await userinfo(app, "DPoP \(access)", try await credentialKey.header("GET", userinfoURL, accessToken: access))
            #expect(ok.status == 200 && ok.json["sub"] as? String == realm.identityID, "\(ok.json)")
            let asBearer = try await userinfo(app, "Bearer \(access)")
            #expect(asBearer.status == 401 && asBearer.error == "invalid_token")
            #expect(asBearer.header("WWW-Authenticate")?.hasPrefix("DPoP error=\"invalid_token\"") == true)
            let thief = TestDPoPKey(key: P256.Signing.PrivateKey())
            let stolen = try await userinfo(app, "DPoP \(access)", try await thief.header("GET", userinfoURL, accessToken: access))
            #expect(stolen.status == 401 && stolen.error == "invalid_token")

            // The refresh token needs a proof of the same key; failed attempts spend nothing.
            let refreshForm = ["grant_type": "refresh_token", "refresh_token": refresh]
            let bare = try await app.post(ProviderPath.token, refreshForm)
            #expect(bare.status == 400 && bare.error == "invalid_dpop_proof", "\(bare.json)")
            let otherKey = try await app.postWithProof(refreshForm, key: thief)
            #expect(otherKey.status == 400 && otherKey.error == "invalid_dpop_proof", "\(otherKey.json)")
            let renewed = try await app.postWithProof(refreshForm, key: credentialKey)
            try #require(renewed.status == 200, "\(renewed.json)")
            let renewedAccess = try #require(renewed.json["access_token"] as? String)
            #expect((try unverifiedClaims(renewedAccess)["cnf"] as? [String: String]) == ["jkt": credentialKey.thumbprint])

            // The credential revoked: its bound tokens stop working at once.
            #expect(try await device.revoke(server: server).status == 200)
            let afterRevocation = try await userinfo(
                app, "DPoP \(renewedAccess)", try await credentialKey.header("GET", userinfoURL, accessToken: renewedAccess))
            #expect(afterRevocation.status == 401 && afterRevocation.error == "invalid_token")
            let next = try #require(renewed.json["refresh_token"] as? String)
            let refused = try await app.postWithProof(["grant_type": "refresh_token", "refresh_token": next], key: credentialKey)
            #expect(refused.status == 400 && refused.error == "invalid_grant")
        }
    }

    @Test func wrongProofsAreRefusedWithTheRFCsErrors() async throws {
        let clock = TestClock()
        try await RunningServer.withEnrolledDevice(.live, configure: { $0.now = clock.now }) { server, realm, device in
            let app = TestRelyingParty(application: realm.publicClient, server: server)
            let key = TestDPoPKey(key: device.key)
            let tokenURL = realm.publicClient.issuer + ProviderPath.token
            let userinfoURL = realm.publicClient.issuer + ProviderPath.userinfo
            let form = ["grant_type": "authorization_code", "code": try await app.signIn(with: device),
                        "redirect_uri": TestRealm.callback, "code_verifier": app.verifier]
            let nonce = try #require(try await app.post(ProviderPath.token, form, headers: try await key.header("POST", tokenURL))
                .header("DPoP-Nonce"))

            func token(_ headers: [String: String]) async throws -> String? {
                try await app.post(ProviderPath.token, form, headers: headers).error
            }
            #expect(try await token(try await key.header("GET", tokenURL, nonce: nonce)) == "invalid_dpop_proof", "htm")
            #expect(try await token(try await key.header("POST", realm.publicClient.issuer + "/other", nonce: nonce)) == "invalid_dpop_proof", "htu")
            #expect(try await token(try await key.header("POST", tokenURL, nonce: nonce, at: clock.now() - 600)) == "invalid_dpop_proof", "stale")
            #expect(try await token(try await key.header("POST", tokenURL, nonce: nonce, at: clock.now() + 600)) == "invalid_dpop_proof", "future")
            #expect(try await token(try await key.header("POST", tokenURL, nonce: "bm9uY2U")) == "use_dpop_nonce", "forged nonce")
            #expect(try await token(["DPoP": "not.a.proof"]) == "invalid_dpop_proof", "garbage")
            let once = try await key.header("POST", tokenURL, nonce: nonce, at: clock.now())
            let first = try await app.post(ProviderPath.token, form, headers: once)
            #expect(first.status == 200, "\(first.json)")
            let replay = try await app.post(ProviderPath.token, ["grant_type": "refresh_token",
                "refresh_token": try #require(first.json["refresh_token"] as? String)], headers: once)
            #expect(replay.error == "invalid_dpop_proof" && replay.json["error_description"] as? String
                == "the DPoP proof's jti was already used: make a new proof for every request")
            // Nonces rotate: ten minutes on, the first one is refused and a new one handed out.
            clock.advance(by: 601)
            let expired = try await app.post(ProviderPath.token, ["grant_type": "refresh_token", "refresh_token": "x"],
                                             headers: try await key.header("POST", tokenURL, nonce: nonce, at: clock.now()))
            #expect(expired.error == "use_dpop_nonce" && expired.header("DPoP-Nonce") != nonce)

            // At userinfo: ath of another token, and a proof without one.
            let access = try #require(first.json["access_token"] as? String)
            let userinfoAt = { (headers: [String: String]) in
                try await server.client().send("GET", userinfoURL, headers: headers.merging(["Authorization": "DPoP \(access)"]) { $1 })
            }
            let otherATH = try await userinfoAt(try await key.header("GET", userinfoURL, accessToken: "another", at: clock.now()))
            #expect(otherATH.status == 401 && otherATH.error == "invalid_dpop_proof")
            #expect(otherATH.header("WWW-Authenticate")?.hasPrefix("DPoP error=\"invalid_dpop_proof\"") == true)
            let noATH = try await userinfoAt(try await key.header("GET", userinfoURL, at: clock.now()))
            #expect(noATH.status == 401 && noATH.error == "invalid_dpop_proof")
            let noProof = try await userinfoAt([:])
            #expect(noProof.status == 401 && noProof.error == "invalid_dpop_proof")
        }
    }

    @Test func anApplicationCanRequireDPoPAndBearerTokensStayBearer() async throws {
        try await RunningServer.withEnrolledDevice(.live) { server, realm, device in
            let app = TestRelyingParty(application: realm.publicClient, server: server)
            // Without a proof, tokens are bearer tokens, refused when presented as DPoP.
            let bearer = try await app.exchange(try await app.signIn(with: device))
            #expect(bearer.json["token_type"] as? String == "Bearer")
            let access = try #require(bearer.json["access_token"] as? String)
            #expect(try unverifiedClaims(access)["cnf"] == nil)
            let key = TestDPoPKey(key: device.key)
            let userinfoURL = realm.publicClient.issuer + ProviderPath.userinfo
            let asDPoP = try await server.client().send("GET", userinfoURL, headers: [
                "Authorization": "DPoP \(access)"].merging(try await key.header("GET", userinfoURL, accessToken: access)) { $1 })
            #expect(asDPoP.status == 401 && asDPoP.error == "invalid_token")
            // A bearer sign-in stays bearer: a proof at refresh is refused, and the refresh token is not spent.
            let refresh = ["grant_type": "refresh_token", "refresh_token": try #require(bearer.json["refresh_token"] as? String)]
            let late = try await app.postWithProof(refresh, key: key)
            #expect(late.status == 400 && late.error == "invalid_dpop_proof", "\(late.json)")
            #expect(try await app.post(ProviderPath.token, refresh).status == 200)

            let patched = try await server.admin.send(
                "PATCH", try await realm.adminPath(of: realm.publicClient), json: ["dpop_bound_access_tokens": true])
            #expect(patched.json["dpop_bound_access_tokens"] as? Bool == true)
            let refused = try await app.exchange(try await app.signIn(with: device))
            #expect(refused.status == 400 && refused.error == "invalid_dpop_proof")
            #expect(refused.json["error_description"] as? String == "this client's token requests must carry a DPoP proof")
            // A key of the app's own binds the tokens too; the session says it is not the credential's.
            let appKey = TestDPoPKey(key: P256.Signing.PrivateKey())
            let bound = try await app.postWithProof([
                "grant_type": "authorization_code", "code": try await app.signIn(with: device), "redirect_uri": TestRealm.callback,
                "code_verifier": app.verifier], key: appKey)
            #expect(bound.json["token_type"] as? String == "DPoP", "\(bound.json)")
            let sessions = try await server.admin.send("GET", realm.identityPath + "/sessions")
            let keys = (sessions.json["items"] as? [[String: Any]] ?? []).compactMap { $0["dpop_key"] as? String }
            #expect(keys == ["client"])
        }
    }
}
