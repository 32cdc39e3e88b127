import BeyondIdentityEmbedded
import Crypto
import Foundation
import IdentityProtocol
import JWTKit
import SwiftASN1
import Testing
import X509
import ServerTestSupport

/// The SDK's public API against the real server: registration, both sign-in flows, the
/// authenticate-URL flow, selection, deletion and every bad input the issue names.
@Suite struct SDKTests {
    /// Registers a credential on `app` from a link the admin API returns.
    @discardableResult
    private func register(_ app: TestApp, realm: TestRealm, kind: String = "registration") async throws -> Credential {
        try await app.sdk.registerCredentials(URL(string: try await realm.enrollmentLink(kind: kind))!)
    }

    @Test func registrationFromTheOutboxEmailThenAuthenticate() async throws {
        try await RunningServer.withRealm { server, realm in
            let job = try await server.admin.created("\(realm.identityPath)/binding-jobs", ["kind": "registration", "delivery": "email"])
            #expect(job["credential_binding_link"] == nil)
            let app = TestApp(server: server, application: realm.publicClient)
            let credential = try await app.sdk.registerCredentials(URL(string: try await server.linkFromNewestEmail())!)
            #expect(credential.state == .active)
            #expect(credential.identityUsername == "ada")
            #expect(credential.realmID == realm.realmID)
            #expect(credential.tenantID == realm.tenantID)
            #expect(credential.chain.count == 2)
            #expect(try await app.sdk.getCredentials() == [credential])

            let tokens = try await app.sdk.authenticate()
            let claims = try await TestRelyingParty(application: realm.publicClient, server: server)
                .verifyIDToken(tokens.idToken, checkNonce: false)
            #expect(claims.sub.value == realm.identityID)
            // Bound to the credential's key (DPoP): the token's cnf is that key's thumbprint.
            #expect(tokens.accessToken.type == "DPoP")
            #expect(tokens.boundCredential == credential.handle && tokens.isDPoPBound)
            let leaf = try Certificate(pemEncoded: try #require(credential.chain.first))
            let key = try #require(P256.Signing.PublicKey(leaf.publicKey))
            #expect((try unverifiedClaims(tokens.accessToken.value)["cnf"] as? [String: String]) == ["jkt": JWKThumbprint.of(key)])
        }
    }

    @Test func recoveryAddsACredentialForTheSameIdentity() async throws {
        try await RunningServer.withRealm { server, realm in
            let app = TestApp(server: server, application: realm.publicClient)
            let first = try await register(app, realm: realm)
            let recovered = try await register(app, realm: realm, kind: "recovery")
            #expect(recovered.identityID == first.identityID)
            #expect(recovered.handle != first.handle)
            #expect(try await app.sdk.getCredentials().count == 2)
        }
    }

    @Test func authorizeWithAndWithoutPKCEForAConfidentialBackend() async throws {
        try await RunningServer.withRealm { server, realm in
            let app = TestApp(server: server, application: realm.confidential)
            try await register(app, realm: realm)
            let backend = TestRelyingParty(application: realm.confidential, server: server)

            let pkce = app.sdk.createPKCE()
            let code = try await app.sdk.authorize(pkceChallenge: pkce.codeChallenge, scope: "openid profile")
            let exchanged = try await backend.exchange(code.value, verifier: pkce.codeVerifier)
            #expect(exchanged.status == 200, "\(exchanged.json)")

            let plain = try await app.sdk.authorize(pkceChallenge: nil, scope: "openid")
            let withoutVerifier = try await backend.exchange(plain.value, verifier: "")
            #expect(withoutVerifier.status == 200, "\(withoutVerifier.json)")
        }
    }

    @Test func authenticateURLFromTheAuthorizeRedirect() async throws {
        try await RunningServer.withRealm { server, realm in
            let app = TestApp(server: server, application: realm.publicClient)
            try await register(app, realm: realm)
            let browser = TestRelyingParty(application: realm.publicClient, server: server)
            let invoke = try #require(try await browser.authorize().location)
            #expect(app.sdk.isAuthenticateUrl(URL(string: invoke)!))
            #expect(!app.sdk.isAuthenticateUrl(URL(string: "https://app.example/other")!))

            let response = try await app.sdk.authenticate(url: URL(string: invoke)!)
            let code = try #require(HTTPTestClient.queryItem("code", in: response.redirectURL.absoluteString))
            #expect(HTTPTestClient.queryItem("state", in: response.redirectURL.absoluteString) == browser.state)
            #expect(try await browser.exchange(code).status == 200)

            // A transaction of another client is refused on the device, naming that client.
            let other = TestRelyingParty(application: realm.confidential, server: server)
            let foreign = try #require(try await other.authorize().location)
            let refusal = BISDKError.otherApplication(clientID: realm.confidential.clientID)
            await #expect(throws: refusal) { try await app.sdk.authenticate(url: URL(string: foreign)!) }
            #expect(refusal.errorDescription?.hasSuffix("configure the SDK with that client id to answer it.") == true)
        }
    }

    @Test func twoCredentialsAskWhichToUse() async throws {
        try await RunningServer.withRealm { server, realm in
            let app = TestApp(server: server, application: realm.publicClient)
            try await register(app, realm: realm)
            let second = try await register(app, realm: realm)
            await #expect(throws: BISDKError.credentialSelectionRequired) { try await app.sdk.authenticate() }

            let offered = Offered()
            _ = try await app.sdk.authenticate { credentials in
                await offered.set(credentials.count)
                return second.handle
            }
            #expect(await offered.count == 2)
            let credentials = try await server.admin.send("GET", "\(realm.identityPath)/credentials")
            let items = try #require(credentials.json["items"] as? [[String: Any]])
            let used = items.filter { $0["last_used_at"] is String }.compactMap { $0["id"] as? String }
            #expect(used == [second.handle.rawValue])
        }
    }

    @Test func deleteRevokesOnTheServer() async throws {
        try await RunningServer.withRealm { server, realm in
            let app = TestApp(server: server, application: realm.publicClient)
            let credential = try await register(app, realm: realm)
            // Keep a copy of the key store, to try the deleted credential afterwards.
            let copy = app.keyStoreDirectory.appendingPathExtension("copy")
            try FileManager.default.copyItem(at: app.keyStoreDirectory, to: copy)

            let deleted = try await app.sdk.deleteCredential(for: credential.handle)
            #expect(deleted.state == .deviceDeleted)
            #expect(try await app.sdk.getCredentials().isEmpty)
            await #expect(throws: BISDKError.credentialNotFound) { try await app.sdk.authenticate() }
            let onServer = try await server.admin.send("GET", "\(realm.identityPath)/credentials/\(credential.handle.rawValue)")
            #expect(onServer.json["state"] as? String == "revoked")

            try FileManager.default.removeItem(at: app.keyStoreDirectory)
            try FileManager.default.moveItem(at: copy, to: app.keyStoreDirectory)
            await #expect(throws: BISDKError.credentialRevoked("the credential has been revoked")) {
                try await app.sdk.authenticate()
            }
        }
    }

    @Test func aCredentialTheDeviceCannotKeepIsRevokedOnTheServer() async throws {
        try await RunningServer.withRealm { server, realm in
            // The user cancels the prompt for the passphrase that would seal the new key.
            let app = TestApp(server: server, application: realm.publicClient, passphrase: { _ in nil })
            await #expect(throws: BISDKError.userCancelled) { try await register(app, realm: realm) }
            #expect(app.storedFiles.isEmpty)
            let listed = try await server.admin.send("GET", "\(realm.identityPath)/credentials")
            let states = try #require(listed.json["items"] as? [[String: Any]]).map { $0["state"] as? String }
            #expect(states == ["revoked"])
        }
    }

    @Test func deleteWithTheServerDownKeepsTheCredential() async throws {
        let server = try await RunningServer.start()
        let realm = try await TestRealm.create(on: server)
        let app = TestApp(server: server, application: realm.publicClient)
        let credential = try await register(app, realm: realm)
        await server.stop()
        await #expect {
            try await app.sdk.deleteCredential(for: credential.handle)
        } throws: { error in
            if (error as? BISDKError)?.errorType == .serverUnreachable { return true }
            return false
        }
        #expect(try await app.sdk.getCredentials() == [credential])
    }

    @Test func badLinksAreRefusedAndLeaveNothingBehind() async throws {
        try await RunningServer.withRealm { server, realm in
            let app = TestApp(server: server, application: realm.publicClient)
            let link = try await realm.enrollmentLink()
            let otherServer = link.replacingOccurrences(of: server.baseURL, with: "http://127.0.0.1:1")
            await #expect(throws: BISDKError.otherServer(apiBaseURL: "http://127.0.0.1:1")) {
                try await app.sdk.registerCredentials(URL(string: otherServer)!)
            }
            let tokenless = await #expect(throws: BISDKError.self) {
                try await app.sdk.registerCredentials(URL(string: "\(server.baseURL)/v1/bind")!)
            }
            #expect(tokenless?.errorType == .invalidLink, "a link without its token: \(String(describing: tokenless))")
            _ = try await app.sdk.registerCredentials(URL(string: link)!)
            let files = app.storedFiles
            await #expect {
                try await app.sdk.registerCredentials(URL(string: link)!)
            } throws: { error in
                if (error as? BISDKError)?.errorType == .invalidBindingToken { return true }
                return false
            }
            #expect(app.storedFiles == files)
        }
    }

    @Test func serverDownAndGarbageAreSpecificErrors() async throws {
        let garbage = try await GarbageServer.start()
        let application = TestApplication(clientID: "client", clientSecret: nil, issuer: garbage.baseURL)
        let server = try await RunningServer.start()
        await server.stop()
        let down = TestApp(server: server, application: application)
        await #expect {
            try await down.sdk.authenticate()
        } throws: { error in
            if (error as? BISDKError)?.errorType == .serverUnreachable { return true }
            return false
        }
        let confused = TestApp(server: server, application: application, baseURL: garbage.baseURL)
        await #expect {
            try await confused.sdk.authenticate()
        } throws: { error in
            if (error as? BISDKError)?.errorType == .invalidServerResponse { return true }
            return false
        }
        await garbage.stop()
    }
}

/// Remembers what a selector was offered.
private actor Offered {
    var count = 0
    func set(_ count: Int) { self.count = count }
}
