import Foundation
import IdentityProtocol
import JWTKit
import Testing
import ServerTestSupport

/// Refresh tokens, sessions, client credentials, logout and CORS over HTTP against a real server.
@Suite struct TokenLifecycleTests {
    private func introspect(_ token: String, by party: TestRelyingParty) async throws -> Bool? {
        try await party.post(ProviderPath.introspection, ["token": token]).json["active"] as? Bool
    }

    private func refresh(_ token: String, by party: TestRelyingParty, scope: String? = nil) async throws -> HTTPTestClient.Reply {
        var form = ["grant_type": "refresh_token", "refresh_token": token]
        form["scope"] = scope
        return try await party.post(ProviderPath.token, form)
    }

    /// The `sid` of an ID token (signature checked by ``TestRelyingParty/verifyIDToken(_:checkNonce:)`` elsewhere).
    private func sessionID(of idToken: String) throws -> String {
        let payload = try #require(idToken.split(separator: ".").dropFirst().first)
        var base64 = payload.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        let json = try JSONSerialization.jsonObject(with: try #require(Data(base64Encoded: base64))) as? [String: Any]
        return try #require(json?["sid"] as? String)
    }

    @Test(arguments: ServerMode.allCases) func refreshRotatesAndAReplayEndsTheWholeSession(mode: ServerMode) async throws {
        try await RunningServer.withEnrolledDevice(mode) { server, realm, device in
            let backend = TestRelyingParty(application: realm.confidential, server: server)
            let first = try await backend.exchange(try await backend.signIn(with: device))
            let refresh0 = try #require(first.json["refresh_token"] as? String)
            let access0 = try #require(first.json["access_token"] as? String)
            let sid = try sessionID(of: try #require(first.json["id_token"] as? String))

            let second = try await refresh(refresh0, by: backend)
            #expect(second.status == 200)
            let refresh1 = try #require(second.json["refresh_token"] as? String)
            let access1 = try #require(second.json["access_token"] as? String)
            #expect(refresh1 != refresh0)
            #expect(second.json["scope"] as? String == "openid profile email")
            // The new ID token is for the same sign-in (OIDC Core §12.2): same sid and auth_time, no nonce.
            let idToken = try #require(second.json["id_token"] as? String)
            let claims = try await backend.verifyIDToken(idToken, checkNonce: false)
            #expect(claims.nonce == nil)
            #expect(try sessionID(of: idToken) == sid)
            #expect(try await introspect(access1, by: backend) == true)
            #expect(try await introspect(refresh1, by: backend) == true)
            #expect(try await introspect(refresh0, by: backend) == false)

            // The rotated token presented again: refused, and the session is over — current
            // refresh token and every access token it issued included (RFC 9700 §4.14.2).
            let replay = try await refresh(refresh0, by: backend)
            #expect(replay.status == 400 && replay.error == "invalid_grant")
            let afterReplay = try await refresh(refresh1, by: backend)
            #expect(afterReplay.status == 400 && afterReplay.error == "invalid_grant")
            for token in [access0, access1, refresh1] { #expect(try await introspect(token, by: backend) == false) }
            let events = try await server.admin.send("GET", "/v1/admin/audit-events?page_size=1000")
            #expect(String(decoding: events.body, as: UTF8.self).contains("refresh_token.reused"))
        }
    }

    @Test(arguments: ServerMode.allCases) func refreshRequestsThatAreWrongAreRefusedWithTheirOwnErrors(mode: ServerMode) async throws {
        try await RunningServer.withEnrolledDevice(mode) { server, realm, device in
            let app = TestRelyingParty(application: realm.publicClient, server: server)
            let backend = TestRelyingParty(application: realm.confidential, server: server)
            let granted = try await app.exchange(try await app.signIn(with: device), verifier: nil)
            let token = try #require(granted.json["refresh_token"] as? String)

            #expect(try await app.post(ProviderPath.token, ["grant_type": "refresh_token"]).error == "invalid_request")
            #expect(try await refresh("unknown", by: app).error == "invalid_grant")
            // Another client's refresh token is not ours to use, and using it does not end the session.
            let stolen = try await refresh(token, by: backend)
            #expect(stolen.status == 400 && stolen.error == "invalid_grant")
            // A refresh may narrow the scope, never widen it (RFC 6749 §6).
            #expect(try await refresh(token, by: app, scope: "openid offline_access").error == "invalid_scope")
            let narrowed = try await refresh(token, by: app, scope: "openid")
            #expect(narrowed.status == 200, "\(narrowed.json)")
            #expect(narrowed.json["scope"] as? String == "openid")
            // A public client refreshes with its client id alone; rotation keeps it safe.
            let next = try #require(narrowed.json["refresh_token"] as? String)
            #expect(try await refresh(next, by: app).status == 200)
        }
    }

    @Test(arguments: ServerMode.allCases) func revokingTheCredentialOrTheRefreshTokenEndsTheSession(mode: ServerMode) async throws {
        try await RunningServer.withEnrolledDevice(mode) { server, realm, device in
            let backend = TestRelyingParty(application: realm.confidential, server: server)
            // RFC 7009: revoking a refresh token ends its session and its access tokens.
            let first = try await backend.exchange(try await backend.signIn(with: device))
            let (refreshA, accessA) = (try #require(first.json["refresh_token"] as? String), try #require(first.json["access_token"] as? String))
            #expect(try await backend.post(ProviderPath.revocation, ["token": refreshA, "token_type_hint": "refresh_token"]).status == 200)
            #expect(try await introspect(accessA, by: backend) == false)
            #expect(try await refresh(refreshA, by: backend).error == "invalid_grant")

            // The credential that signed in, revoked: its session is unusable at once, and a code
            // it earned but not yet exchanged is worth nothing.
            let pendingCode = try await backend.signIn(with: device)
            let second = try await backend.exchange(try await backend.signIn(with: device))
            let (refreshB, accessB) = (try #require(second.json["refresh_token"] as? String), try #require(second.json["access_token"] as? String))
            #expect(try await introspect(accessB, by: backend) == true)
            let revoked = try await server.admin.send("POST", "\(realm.identityPath)/credentials/\(device.credentialID)/revoke")
            #expect(revoked.status == 200)
            #expect(try await introspect(accessB, by: backend) == false)
            #expect(try await server.client(bearer: accessB).send("GET", realm.confidential.issuer + ProviderPath.userinfo).status == 401)
            #expect(try await refresh(refreshB, by: backend).error == "invalid_grant")
            let late = try await backend.exchange(pendingCode)
            #expect(late.status == 400 && late.error == "invalid_grant")
        }
    }

    @Test func userinfoServesOnlyTokensGrantedOpenID() async throws {
        try await RunningServer.withEnrolledDevice(.live) { server, realm, device in
            let backend = TestRelyingParty(application: realm.confidential, server: server)
            let plainOAuth = try await backend.exchange(try await backend.signIn(with: device, ["scope": "email"]))
            #expect(plainOAuth.json["scope"] as? String == "email" && plainOAuth.json["id_token"] == nil)
            let accessToken = try #require(plainOAuth.json["access_token"] as? String)
            let refused = try await server.client(bearer: accessToken).send("GET", realm.confidential.issuer + ProviderPath.userinfo)
            #expect(refused.status == 403 && refused.error == "insufficient_scope")
            #expect(refused.header("WWW-Authenticate")?.contains("scope=\"openid\"") == true)
        }
    }

    @Test(arguments: ServerMode.allCases) func anApplicationMayHaveItsIDTokensSignedRS256(mode: ServerMode) async throws {
        try await RunningServer.withEnrolledDevice(mode) { server, realm, device in
            let appPath = try await realm.adminPath(of: realm.confidential)
            let wrong = try await server.admin.send("PATCH", appPath, json: ["id_token_signed_response_alg": "HS256"])
            #expect(wrong.status == 400 && wrong.error == "invalid_request")
            let patched = try await server.admin.send("PATCH", appPath, json: ["id_token_signed_response_alg": "RS256"])
            #expect(patched.json["id_token_signed_response_alg"] as? String == "RS256")

            let backend = TestRelyingParty(application: realm.confidential, server: server)
            #expect(try await backend.metadata().idTokenSigningAlgValuesSupported == ["ES256", "RS256"])
            let issued = try await backend.exchange(try await backend.signIn(with: device))
            let idToken = try #require(issued.json["id_token"] as? String)
            // Verified against the published JWKS, which now has an RSA key beside the EC one.
            #expect(try await backend.verifyIDToken(idToken).sub.value == realm.identityID)
            #expect(try Self.header(idToken)["alg"] as? String == "RS256")
            let jwks = try await server.admin.send("GET", try await backend.metadata().jwksURI)
            let kinds = (jwks.json["keys"] as? [[String: Any]])?.compactMap { $0["kty"] as? String }.sorted()
            #expect(kinds == ["EC", "RSA"])
            // Access tokens stay ES256; the RS256 ID token is a valid logout hint.
            #expect(try Self.header(try #require(issued.json["access_token"] as? String))["alg"] as? String == "ES256")
            let logout = try await server.admin.send(
                "GET", realm.confidential.issuer + ProviderPath.endSession + "?" + FormEncoding.encode(["id_token_hint": idToken]))
            #expect(logout.status == 200)
            #expect(try await refresh(try #require(issued.json["refresh_token"] as? String), by: backend).error == "invalid_grant")
        }
    }

    /// The decoded protected header of a compact JWS.
    private static func header(_ token: String) throws -> [String: Any] {
        let encoded = try #require(token.split(separator: ".").first)
        let json = try #require(Data(base64URLEncoded: String(encoded)))
        return try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
    }

    @Test func sessionsAreListedAndEndedByTheAdmin() async throws {
        try await RunningServer.withEnrolledDevice(.live) { server, realm, device in
            let backend = TestRelyingParty(application: realm.confidential, server: server)
            let issued = try await backend.exchange(try await backend.signIn(with: device))
            let refreshToken = try #require(issued.json["refresh_token"] as? String)
            let listed = try await server.admin.send("GET", "\(realm.identityPath)/sessions")
            let sessions = try #require(listed.json["items"] as? [[String: Any]])
            #expect(sessions.count == 1)
            let session = try #require(sessions.first)
            #expect(session["client_id"] as? String == realm.confidential.clientID)
            #expect(session["credential_id"] as? String == device.credentialID)
            #expect(session["revoked_at"] == nil)
            let id = try #require(session["id"] as? String)
            let ended = try await server.admin.send("POST", "\(realm.identityPath)/sessions/\(id)/revoke")
            #expect(ended.status == 200 && ended.json["revoked_at"] != nil)
            #expect(try await refresh(refreshToken, by: backend).error == "invalid_grant")
            #expect(try await server.admin.send("POST", "\(realm.identityPath)/sessions/nope/revoke").status == 404)
        }
    }

    @Test(arguments: ServerMode.allCases) func clientCredentialsGiveATokenForTheClientItself(mode: ServerMode) async throws {
        try await RunningServer.withRealm(mode) { server, realm in
            let created = try await server.admin.created("\(realm.realmPath)/applications", [
                "display_name": "Billing job", "client_type": "confidential", "grant_types": ["client_credentials"],
                "allowed_scopes": ["openid", "invoices.read", "invoices.write"],
            ])
            let service = TestRelyingParty(application: TestApplication(
                clientID: try #require(created["client_id"] as? String), clientSecret: created["client_secret"] as? String,
                issuer: try #require(created["issuer"] as? String)), server: server)
            let granted = try await service.post(ProviderPath.token, ["grant_type": "client_credentials", "scope": "invoices.read openid"])
            #expect(granted.status == 200, "\(granted.json)")
            #expect(granted.json["scope"] as? String == "invoices.read")
            #expect(granted.json["refresh_token"] == nil && granted.json["id_token"] == nil)
            let token = try #require(granted.json["access_token"] as? String)
            let facts = try await service.post(ProviderPath.introspection, ["token": token]).json
            #expect(facts["active"] as? Bool == true)
            #expect(facts["sub"] as? String == service.application.clientID)
            #expect(facts["username"] == nil)
            #expect(try await server.client(bearer: token).send("GET", realm.confidential.issuer + ProviderPath.userinfo).status == 401)
            // Everything it may have, when it names no scope; nothing it may not.
            #expect(try await service.post(ProviderPath.token, ["grant_type": "client_credentials"]).json["scope"] as? String
                == "invoices.read invoices.write")
            #expect(try await service.post(ProviderPath.token, ["grant_type": "client_credentials", "scope": "admin"]).error
                == "invalid_scope")
            // A client not allowed the grant; a sign-in client cannot be issued one either.
            let backend = TestRelyingParty(application: realm.confidential, server: server)
            let refused = try await backend.post(ProviderPath.token, ["grant_type": "client_credentials"])
            #expect(refused.status == 400 && refused.error == "unauthorized_client")
            #expect(try await service.post(ProviderPath.token, ["grant_type": "password"]).error == "unsupported_grant_type")
            // Such an application cannot be public, nor sign users in without redirect URIs.
            let publicService = try await server.admin.send("POST", "\(realm.realmPath)/applications", json: [
                "display_name": "x", "client_type": "public", "grant_types": ["client_credentials"],
            ])
            #expect(publicService.status == 400 && publicService.error == "invalid_request")
        }
    }

    @Test(arguments: ServerMode.allCases) func logoutEndsTheSignInAndReturnsOnlyToARegisteredURI(mode: ServerMode) async throws {
        try await RunningServer.withEnrolledDevice(mode) { server, realm, device in
            let appPath = try await realm.adminPath(of: realm.confidential)
            let patched = try await server.admin.send(
                "PATCH", appPath, json: ["post_logout_redirect_uris": ["https://app.example/bye"]])
            #expect(patched.json["post_logout_redirect_uris"] as? [String] == ["https://app.example/bye"])
            let backend = TestRelyingParty(application: realm.confidential, server: server)
            let issued = try await backend.exchange(try await backend.signIn(with: device))
            let idToken = try #require(issued.json["id_token"] as? String)
            let accessToken = try #require(issued.json["access_token"] as? String)
            let logout = realm.confidential.issuer + ProviderPath.endSession
            let client = server.client()

            // Refused, and never redirected: an unregistered URI, a hint whose signed bytes were
            // changed, a client that is not the hint's audience.
            let unregistered = try await client.send("GET", logout + "?" + FormEncoding.encode([
                "id_token_hint": idToken, "post_logout_redirect_uri": "https://evil.example/"]))
            #expect(unregistered.status == 400 && unregistered.error == "invalid_request" && unregistered.location == nil)
            var parts = idToken.split(separator: ".").map(String.init)
            parts[1] = String(parts[1].dropLast()) + (parts[1].hasSuffix("A") ? "B" : "A")
            let forged = try await client.send("GET", logout + "?" + FormEncoding.encode(["id_token_hint": parts.joined(separator: ".")]))
            #expect(forged.status == 400 && forged.error == "invalid_request")
            let otherClient = try await client.send("GET", logout + "?" + FormEncoding.encode([
                "id_token_hint": idToken, "client_id": realm.publicClient.clientID]))
            #expect(otherClient.status == 400 && otherClient.error == "invalid_request")
            #expect(try await introspect(accessToken, by: backend) == true)

            let ended = try await client.send("GET", logout + "?" + FormEncoding.encode([
                "id_token_hint": idToken, "post_logout_redirect_uri": "https://app.example/bye", "state": "s-1"]))
            #expect(ended.status == 302)
            #expect(ended.location == "https://app.example/bye?state=s-1")
            #expect(try await introspect(accessToken, by: backend) == false)
            #expect(try await refresh(try #require(issued.json["refresh_token"] as? String), by: backend).error == "invalid_grant")
            // A form POST is answered with 303, so the browser follows with a GET.
            let posted = try await client.send("POST", logout, form: [
                "id_token_hint": idToken, "post_logout_redirect_uri": "https://app.example/bye"])
            #expect(posted.status == 303 && posted.location == "https://app.example/bye", "\(posted.location ?? "")")
            let metadata = try await backend.metadata()
            #expect(metadata.endSessionEndpoint == logout)
        }
    }

    @Test(arguments: ServerMode.allCases) func browsersFromAllowedOriginsOnlyGetCORS(mode: ServerMode) async throws {
        try await RunningServer.withRealm(mode) { server, realm in
            let appPath = try await realm.adminPath(of: realm.publicClient)
            let bad = try await server.admin.send(
                "PATCH", appPath, json: ["allowed_origins": ["https://spa.example/path"]])
            #expect(bad.status == 400)
            #expect(try await server.admin.send(
                "PATCH", appPath, json: ["allowed_origins": ["https://spa.example"]]).status == 200)
            let client = server.client()
            let token = realm.publicClient.issuer + ProviderPath.token
            let preflight = try await client.send("OPTIONS", token, headers: [
                "Origin": "https://spa.example", "Access-Control-Request-Method": "POST",
                "Access-Control-Request-Headers": "content-type"])
            #expect(preflight.status == 204)
            #expect(preflight.header("Access-Control-Allow-Origin") == "https://spa.example")
            #expect(preflight.header("Access-Control-Allow-Methods")?.contains("POST") == true)
            let evil = try await client.send("OPTIONS", token, headers: [
                "Origin": "https://evil.example", "Access-Control-Request-Method": "POST"])
            #expect(evil.status == 403 && evil.error == "origin_not_allowed")
            #expect(evil.header("Access-Control-Allow-Origin") == nil)
            // Errors reach an allowed script too; an unlisted origin's responses carry no CORS headers.
            let failed = try await client.send(
                "POST", token, form: ["grant_type": "refresh_token", "client_id": realm.publicClient.clientID, "refresh_token": "x"],
                headers: ["Origin": "https://spa.example"])
            #expect(failed.status == 400 && failed.error == "invalid_grant")
            #expect(failed.header("Access-Control-Allow-Origin") == "https://spa.example")
            let discovery = realm.publicClient.issuer + ProviderPath.discovery
            #expect(try await client.send("GET", discovery, headers: ["Origin": "https://spa.example"])
                .header("Access-Control-Allow-Origin") == "https://spa.example")
            let refused = try await client.send("GET", discovery, headers: ["Origin": "https://evil.example"])
            #expect(refused.header("Access-Control-Allow-Origin") == nil)
            // The answer depends on Origin, with or without one: a shared cache must key on it.
            #expect(refused.header("Vary") == "Origin")
            #expect(try await client.send("GET", discovery).header("Vary") == "Origin")
        }
    }
}
