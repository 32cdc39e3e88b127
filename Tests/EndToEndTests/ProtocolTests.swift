import Crypto
import Foundation
import IdentityProtocol
import JWTKit
import SwiftASN1
import Testing
import X509
import ServerTestSupport

/// The whole protocol driven from outside over HTTP, with hand-made P-256 keys and no SDK.
@Suite struct ProtocolTests {
    @Test(arguments: ServerMode.allCases) func fromEnrollmentLinkToVerifiedIDToken(mode: ServerMode) async throws {
        try await RunningServer.withEnrolledDevice(mode) { server, realm, device in
            // The chain: leaf for the credential, issued by the realm's root.
            let leaf = try Certificate(pemEncoded: device.chain[0])
            let root = try Certificate(pemEncoded: device.chain[1])
            #expect(leaf.subject.description.contains(device.credentialID))
            #expect(leaf.issuer == root.subject)
            #expect(P256.Signing.PublicKey(leaf.publicKey)?.rawRepresentation == device.key.publicKey.rawRepresentation)

            let party = TestRelyingParty(application: realm.confidential, server: server)
            let metadata = try await party.metadata()
            #expect(metadata.codeChallengeMethodsSupported == ["S256"])
            #expect(metadata.responseModesSupported == ["query"] && metadata.authorizationResponseIssParameterSupported == true)
            #expect(metadata.revocationEndpoint == realm.confidential.issuer + ProviderPath.revocation)
            #expect(metadata.introspectionEndpoint == realm.confidential.issuer + ProviderPath.introspection)
            let invoke = try await party.authorize()
            #expect(invoke.status == 302)
            #expect(invoke.location?.hasPrefix(TestRealm.invokeURL + "?") == true)
            #expect(HTTPTestClient.queryItem("api_base_url", in: invoke.location) == server.baseURL)

            let result = try await device.authenticate(invokeURL: try #require(invoke.location), server: server)
            let code = try party.code(from: result)
            let tokens = try await party.exchange(code)
            #expect(tokens.status == 200)
            #expect(tokens.json["token_type"] as? String == "Bearer")
            #expect(tokens.header("Cache-Control") == "no-store")
            let claims = try await party.verifyIDToken(try #require(tokens.json["id_token"] as? String))
            #expect(claims.sub.value == realm.identityID)

            let accessToken = try #require(tokens.json["access_token"] as? String)
            let userInfo = try await server.client(bearer: accessToken)
                .send("GET", "\(realm.confidential.issuer)/userinfo")
            #expect(userInfo.status == 200)
            #expect(userInfo.json["sub"] as? String == realm.identityID)
            #expect(userInfo.json["preferred_username"] as? String == "ada")
            #expect(userInfo.json["email"] as? String == "ada@example.com")
            // OIDC Core §5.3.1: POST answers as GET does.
            let posted = try await server.client(bearer: accessToken).send("POST", "\(realm.confidential.issuer)/userinfo")
            #expect(posted.status == 200)
            #expect(posted.body == userInfo.body)
        }
    }

    @Test(arguments: ServerMode.allCases) func publicClientWithPKCE(mode: ServerMode) async throws {
        try await RunningServer.withEnrolledDevice(mode) { server, realm, device in
            let party = TestRelyingParty(application: realm.publicClient, server: server)
            let code = try await party.signIn(with: device)
            let tokens = try await party.exchange(code)
            #expect(tokens.status == 200, "\(tokens.json)")
            _ = try await party.verifyIDToken(try #require(tokens.json["id_token"] as? String))
        }
    }

    @Test(arguments: ServerMode.allCases) func authorizeErrors(mode: ServerMode) async throws {
        try await RunningServer.withEnrolledDevice(mode) { server, realm, device in
            let party = TestRelyingParty(application: realm.publicClient, server: server)
            // No redirect for an unknown client or an unregistered redirect URI (RFC 6749 §4.1.2.1).
            for overrides in [["client_id": "nope"], ["redirect_uri": "https://evil.example/cb"], ["redirect_uri": nil]] {
                let reply = try await party.authorize(overrides)
                #expect(reply.status == 400)
                #expect(reply.location == nil)
                #expect(reply.error == "invalid_request")
            }
            // Other errors go back to the client with the state.
            let cases: [([String: String?], String)] = [
                (["response_type": "token"], "unsupported_response_type"),
                (["scope": "admin"], "invalid_scope"),
                (["code_challenge": nil, "code_challenge_method": nil], "invalid_request"),
                (["code_challenge_method": "plain"], "invalid_request"),
                (["prompt": "none"], "login_required"),
            ]
            for (overrides, error) in cases {
                let reply = try await party.authorize(overrides)
                #expect(reply.status == 302)
                #expect(reply.location?.hasPrefix(TestRealm.callback + "?") == true)
                #expect(HTTPTestClient.queryItem("error", in: reply.location) == error, "\(overrides)")
                #expect(HTTPTestClient.queryItem("state", in: reply.location) == party.state)
            }
            // Scopes the client may not have are dropped from the grant, which says so.
            let dropped = TestRelyingParty(application: realm.publicClient, server: server)
            let invoke = try await dropped.authorize(["scope": "admin openid email openid"])
            #expect(invoke.status == 302)
            let result = try await device.authenticate(invokeURL: try #require(invoke.location), server: server)
            let tokens = try await dropped.exchange(try dropped.code(from: result))
            #expect(tokens.json["scope"] as? String == "openid email")
            // A repeated parameter is refused.
            let repeated = try await server.client().send(
                "GET", "\(realm.publicClient.issuer)/authorize?client_id=\(realm.publicClient.clientID)&client_id=x")
            #expect(repeated.status == 400)
        }
    }

    @Test(arguments: ServerMode.allCases) func accessTokensAreIntrospectedAndRevoked(mode: ServerMode) async throws {
        try await RunningServer.withEnrolledDevice(mode) { server, realm, device in
            let backend = TestRelyingParty(application: realm.confidential, server: server)
            let issued = try await backend.exchange(try await backend.signIn(with: device))
            let accessToken = try #require(issued.json["access_token"] as? String)

            // A resource server (a confidential client) introspects (RFC 7662 §2.2).
            let active = try await backend.post(ProviderPath.introspection, ["token": accessToken])
            #expect(active.status == 200)
            #expect(active.json["active"] as? Bool == true)
            #expect(active.json["sub"] as? String == realm.identityID)
            #expect(active.json["client_id"] as? String == realm.confidential.clientID)
            #expect(active.json["username"] as? String == "ada")
            #expect(active.json["token_type"] as? String == "Bearer")
            #expect(active.json["iss"] as? String == realm.confidential.issuer)
            // Garbage, or a token whose signature was changed: inactive, and nothing more said.
            for token in ["garbage", String(accessToken.dropLast(2)) + (accessToken.hasSuffix("AA") ? "BA" : "AA")] {
                let inactive = try await backend.post(ProviderPath.introspection, ["token": token])
                #expect(inactive.status == 200 && inactive.json.count == 1 && inactive.json["active"] as? Bool == false)
            }
            // Without client authentication, or as a public client, introspection is refused.
            let anonymous = try await server.client().send(
                "POST", realm.confidential.issuer + ProviderPath.introspection, form: ["token": accessToken])
            #expect(anonymous.status == 401 && anonymous.error == "invalid_client")
            let app = TestRelyingParty(application: realm.publicClient, server: server)
            let fromPublic = try await app.post(ProviderPath.introspection, ["token": accessToken])
            #expect(fromPublic.status == 401 && fromPublic.error == "invalid_client")

            // Another client cannot revoke it (RFC 7009 §2.1); its own can, and it is then dead everywhere.
            let notYours = try await app.post(ProviderPath.revocation, ["token": accessToken])
            #expect(notYours.status == 400 && notYours.error == "unauthorized_client")
            #expect(try await backend.post(ProviderPath.introspection, ["token": accessToken]).json["active"] as? Bool == true)
            let revoked = try await backend.post(ProviderPath.revocation, ["token": accessToken, "token_type_hint": "access_token"])
            #expect(revoked.status == 200)
            #expect(try await backend.post(ProviderPath.introspection, ["token": accessToken]).json["active"] as? Bool == false)
            let userInfo = try await server.client(bearer: accessToken).send("GET", realm.confidential.issuer + ProviderPath.userinfo)
            #expect(userInfo.status == 401)
            // Revoking again, or an unknown token: 200 (RFC 7009 §2.2); no token at all: invalid_request.
            #expect(try await backend.post(ProviderPath.revocation, ["token": accessToken]).status == 200)
            #expect(try await backend.post(ProviderPath.revocation, ["token": "unknown"]).status == 200)
            #expect(try await backend.post(ProviderPath.revocation, [:]).error == "invalid_request")

            // A token of a client deleted since is inactive.
            let appTokens = try await app.exchange(try await app.signIn(with: device))
            let appToken = try #require(appTokens.json["access_token"] as? String)
            #expect(try await backend.post(ProviderPath.introspection, ["token": appToken]).json["active"] as? Bool == true)
            #expect(try await server.admin.send("DELETE", try await realm.adminPath(of: realm.publicClient)).status == 204)
            #expect(try await backend.post(ProviderPath.introspection, ["token": appToken]).json["active"] as? Bool == false)

            // At /userinfo of a realm that does not exist, any token is simply invalid.
            let nowhere = try await server.client(bearer: accessToken).send(
                "GET", "\(server.baseURL)/v1/tenants/\(realm.tenantID)/realms/nope\(ProviderPath.userinfo)")
            #expect(nowhere.status == 401 && nowhere.error == "invalid_token")

            // A token of a user suspended since is inactive.
            let second = try await backend.exchange(try await backend.signIn(with: device))
            let secondToken = try #require(second.json["access_token"] as? String)
            #expect(try await backend.post(ProviderPath.introspection, ["token": secondToken]).json["active"] as? Bool == true)
            _ = try await server.admin.send("PATCH", realm.identityPath, json: ["status": "suspended"])
            #expect(try await backend.post(ProviderPath.introspection, ["token": secondToken]).json["active"] as? Bool == false)
        }
    }

    @Test(arguments: ServerMode.allCases) func replayedCodeFailsAndRevokesWhatItIssued(mode: ServerMode) async throws {
        try await RunningServer.withEnrolledDevice(mode) { server, realm, device in
            let party = TestRelyingParty(application: realm.confidential, server: server)
            let code = try await party.signIn(with: device)
            let first = try await party.exchange(code)
            #expect(first.status == 200)
            let second = try await party.exchange(code)
            #expect(second.status == 400)
            #expect(second.error == "invalid_grant")
            let accessToken = try #require(first.json["access_token"] as? String)
            let userInfo = try await server.client(bearer: accessToken)
                .send("GET", "\(realm.confidential.issuer)/userinfo")
            #expect(userInfo.status == 401)
            #expect(userInfo.header("WWW-Authenticate")?.contains("invalid_token") == true)
        }
    }

    @Test(arguments: ServerMode.allCases) func tokenEndpointRefusesWrongVerifierRedirectSecretOrClient(mode: ServerMode) async throws {
        try await RunningServer.withEnrolledDevice(mode) { server, realm, device in
            let party = TestRelyingParty(application: realm.confidential, server: server)
            // (Linux URLSession cannot hand back a 401 that carries a Basic challenge, so the
            // wrong secret travels in the body; this client must use Basic, so it fails too.)
            let wrongSecret = try await party.exchange(
                try await party.signIn(with: device), secret: "wrong", secretInBody: true)
            #expect(wrongSecret.status == 401)
            #expect(wrongSecret.error == "invalid_client")
            let rightSecretWrongMethod = try await party.exchange(
                try await party.signIn(with: device), secret: party.application.clientSecret,
                secretInBody: true)
            #expect(rightSecretWrongMethod.error == "invalid_client")

            // Validated before it is spent: none of these refusals burns the code.
            let code = try await party.signIn(with: device)
            let wrongVerifier = try await party.exchange(code, verifier: PKCES256.makeVerifier())
            #expect(wrongVerifier.error == "invalid_grant")
            let wrongRedirect = try await party.exchange(code, redirectURI: "https://app.example/other")
            #expect(wrongRedirect.error == "invalid_grant")
            // A code issued to the confidential client cannot be redeemed by the public one.
            let otherClient = TestRelyingParty(application: realm.publicClient, server: server)
            let stolen = try await otherClient.exchange(code, verifier: party.verifier)
            #expect(stolen.error == "invalid_grant")
            let wrongSecretAgain = try await party.exchange(code, secret: "wrong", secretInBody: true)
            #expect(wrongSecretAgain.error == "invalid_client")
            let legitimate = try await party.exchange(code)
            #expect(legitimate.status == 200, "\(legitimate.json)")

            let unsupported = try await server.client().send(
                "POST", "\(realm.publicClient.issuer)/token",
                form: ["grant_type": "password", "client_id": realm.publicClient.clientID])
            #expect(unsupported.error == "unsupported_grant_type")
            // A client is a client of its own issuer only: under another tenant's path it is unknown.
            let elsewhere = realm.publicClient.issuer.replacingOccurrences(of: realm.tenantID, with: "other-tenant")
            for endpoint in [ProviderPath.token, ProviderPath.revocation, ProviderPath.introspection] {
                let reply = try await server.client().send(
                    "POST", elsewhere + endpoint,
                    form: ["grant_type": "authorization_code", "code": "x", "token": "x", "client_id": realm.publicClient.clientID])
                #expect(reply.status == 401 && reply.error == "invalid_client", "\(endpoint)")
            }
        }
    }

    @Test(arguments: ServerMode.allCases) func bindingTokensAreSingleUseAndCSRsMustProvePossession(mode: ServerMode) async throws {
        try await RunningServer.withEnrolledDevice(mode) { server, realm, device in
            let link = try await realm.enrollmentLink()
            let token = try #require(HTTPTestClient.queryItem("token", in: link))
            let other = TestDevice()

            // A CSR whose signed part was changed after signing (it parses; its signature fails).
            let request = try CertificateSigningRequest(pemEncoded: try TestDevice.csr(for: other.key))
            var serializer = DER.Serializer()
            try serializer.serialize(request)
            var der = serializer.serializedBytes
            let name = Array("device".utf8)
            let at = try #require((0...(der.count - name.count)).first { Array(der[$0..<($0 + name.count)]) == name })
            der[at] ^= 0x01
            let forged = PEMDocument(type: "CERTIFICATE REQUEST", derBytes: der).pemString
            #expect(try CertificateSigningRequest(pemEncoded: forged).publicKey == request.publicKey)
            let refused = try await other.bind(token: token, csr: forged, server: server)
            #expect(refused.error == "invalid_csr" && refused.json["error_description"] as? String == "the CSR's signature does not verify")
            // A P-384 key.
            let p384 = try CertificateSigningRequest(
                version: .v1, subject: try DistinguishedName { CommonName("device") },
                privateKey: Certificate.PrivateKey(P384.Signing.PrivateKey()),
                attributes: CertificateSigningRequest.Attributes(), signatureAlgorithm: .ecdsaWithSHA384)
            #expect(try await other.bind(token: token, csr: p384.serializeAsPEM().pemString, server: server).error == "invalid_csr")
            // The failures consumed nothing: the token still works once, then never again.
            #expect(try await other.bind(token: token, server: server).status == 201)
            #expect(try await other.bind(token: token, server: server).error == "invalid_binding_token")
            #expect(try await other.bind(token: "forged", server: server).error == "invalid_binding_token")
            // A used link opened in a browser: a page that says so.
            let followUsed = try await server.client().send("GET", link)
            let page = String(decoding: followUsed.body, as: UTF8.self)
            #expect(followUsed.status == 400 && page.contains("This link cannot be used"), "\(page)")
        }
    }

    @Test(arguments: ServerMode.allCases) func assertionsMustBeSignedByTheCredentialAndChainToTheRealm(mode: ServerMode) async throws {
        try await RunningServer.withEnrolledDevice(mode) { server, realm, device in
            let party = TestRelyingParty(application: realm.confidential, server: server)
            let byOtherKey = try await device.authenticate(
                invokeURL: try #require(try await party.authorize().location), server: server,
                signer: P256.Signing.PrivateKey())
            #expect(byOtherKey.status == 401)
            #expect(byOtherKey.error == "invalid_signature")

            // A chain from a CA of our own, for the same key.
            let fakeCA = P256.Signing.PrivateKey()
            let caName = try DistinguishedName { CommonName("Fake CA") }
            let fakeLeaf = try Certificate(
                version: .v3, serialNumber: .init(), publicKey: .init(device.key.publicKey),
                notValidBefore: Date().addingTimeInterval(-60), notValidAfter: Date().addingTimeInterval(3600),
                issuer: caName, subject: try DistinguishedName { CommonName(device.credentialID) },
                signatureAlgorithm: .ecdsaWithSHA256, extensions: Certificate.Extensions(),
                issuerPrivateKey: .init(fakeCA))
            let foreignChain = try await device.authenticate(
                invokeURL: try #require(try await party.authorize().location), server: server,
                chain: [try fakeLeaf.serializeAsPEM().pemString])
            #expect(foreignChain.error == "invalid_certificate_chain")

            // The transaction is single use.
            let invoke = try #require(try await party.authorize().location)
            #expect(try await device.authenticate(invokeURL: invoke, server: server).status == 200)
            #expect(try await device.authenticate(invokeURL: invoke, server: server).error == "invalid_transaction")

            // Each refused answer to a live sign-in is audited with its reason.
            let events = try await server.admin.send("GET", "/v1/admin/audit-events?page_size=1000")
            let refused = (events.json["items"] as? [[String: Any]] ?? []).filter { $0["type"] as? String == "authentication.refused" }
            let reasons = refused.compactMap { event in
                (event["detail"] as? String).flatMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: String] }?["reason"]
            }
            #expect(reasons == ["invalid_signature", "invalid_certificate_chain", "invalid_transaction"])
            #expect(refused.allSatisfy { $0["realm_id"] as? String == realm.realmID && $0["tenant_id"] as? String == realm.tenantID })
        }
    }

    @Test(arguments: ServerMode.allCases) func revokedCredentialsAndSuspendedIdentitiesCannotSignIn(mode: ServerMode) async throws {
        try await RunningServer.withEnrolledDevice(mode) { server, realm, device in
            let party = TestRelyingParty(application: realm.confidential, server: server)
            var second = TestDevice()
            #expect(try await second.enroll(link: try await realm.enrollmentLink(), server: server).status == 201)

            // Suspended identity: no sign-in; active again: sign-in works.
            let suspend = try await server.admin.send("PATCH", realm.identityPath, json: ["status": "suspended"])
            #expect(suspend.status == 200)
            let whileSuspended = try await second.authenticate(
                invokeURL: try #require(try await party.authorize().location), server: server)
            #expect(whileSuspended.status == 403)
            #expect(whileSuspended.error == "identity_inactive")
            _ = try await server.admin.send("PATCH", realm.identityPath, json: ["status": "active"])

            // A device revokes its own credential; replays of the request are idempotent.
            #expect(try await device.revoke(server: server).status == 200)
            #expect(try await device.revoke(server: server).status == 200)
            #expect(try await device.revoke(server: server, issuedAt: Date().addingTimeInterval(-3600)).error == "invalid_request")
            let revoked = try await device.authenticate(
                invokeURL: try #require(try await party.authorize().location), server: server)
            #expect(revoked.status == 403)
            #expect(revoked.error == "credential_revoked")
            // The other credential is untouched.
            #expect(try await second.authenticate(
                invokeURL: try #require(try await party.authorize().location), server: server).status == 200)
        }
    }

    @Test(arguments: ServerMode.allCases) func badBodiesAreFourHundreds(mode: ServerMode) async throws {
        try await RunningServer.withEnrolledDevice(mode) { server, _, _ in
            let client = server.client()
            let malformed = try await client.send(
                "POST", DeviceAPI.bindCredential, headers: ["Content-Type": "application/json"], body: Data("{".utf8))
            #expect(malformed.status == 400)
            #expect(malformed.error == "invalid_request")
            // JSON only as JSON: not as text, a form or XML (a browser sends those cross-site without a preflight).
            for type in ["text/plain", "application/x-www-form-urlencoded", "application/xml", "multipart/form-data; boundary=x", nil] {
                let wrong = try await client.send(
                    "POST", DeviceAPI.authenticationChallenge, headers: type.map { ["Content-Type": $0] } ?? [:],
                    body: Data(#"{"transaction":"nope"}"#.utf8))
                #expect(wrong.status == 415 && wrong.error == "unsupported_media_type", "\(type ?? "none")")
            }
            let charset = try await client.send(
                "POST", DeviceAPI.authenticationChallenge, headers: ["Content-Type": "Application/JSON; charset=utf-8"],
                body: Data(#"{"transaction":"nope"}"#.utf8))
            #expect(charset.error == "invalid_transaction")
            let oversized = try await client.send(
                "POST", DeviceAPI.authenticate, headers: ["Content-Type": "application/json"],
                body: Data(repeating: UInt8(ascii: " "), count: 200_000))
            #expect(oversized.status == 413)
            #expect(oversized.error == "payload_too_large")
            let missingField = try await client.send("POST", DeviceAPI.authenticationChallenge, json: [:])
            #expect(missingField.error == "invalid_request")
            let unknownTransaction = try await client.send(
                "POST", DeviceAPI.authenticationChallenge, json: ["transaction": "nope"])
            #expect(unknownTransaction.error == "invalid_transaction")
            // Bodies the compact reader leaves to the decoder: white space is read the same, a
            // member of another type refused as malformed.
            let spaced = try await client.send(
                "POST", DeviceAPI.authenticationChallenge, headers: ["Content-Type": " application/json "],
                body: Data(#"{ "transaction" : "nope" }"#.utf8))
            #expect(spaced.error == "invalid_transaction")
            for (path, body) in [
                (DeviceAPI.authenticationChallenge, #"{"transaction":1}"#),
                (DeviceAPI.authenticate, #"{"transaction":"t","credential_id":"c","certificate_chain":"x","signature":"s"}"#),
                (DeviceAPI.authenticate, #"{"transaction":"t","credential_id":"c","certificate_chain":[],"signature":"s","amr":[1]}"#),
            ] {
                let wrongType = try await client.send("POST", path, headers: ["Content-Type": "application/json"], body: Data(body.utf8))
                #expect(wrongType.status == 400 && wrongType.error == "invalid_request", "\(body)")
            }
            let metrics = try await client.send("GET", "/metrics")
            #expect(String(decoding: metrics.body, as: UTF8.self).contains("bi_credentials_bound_total 1"))
        }
    }
}
