import BeyondIdentityEmbedded
import Foundation
import IdentityProtocol
import Testing
import ServerTestSupport

/// The SDK's refresh and sign-out against the real server.
@Suite struct SDKSessionTests {
    /// An app with a registered credential, signed in.
    private func signedIn(_ server: RunningServer, _ realm: TestRealm) async throws -> (TestApp, TokenResponse) {
        let app = TestApp(server: server, application: realm.publicClient)
        _ = try await app.sdk.registerCredentials(URL(string: try await realm.enrollmentLink())!)
        let tokens = try await app.sdk.authenticate()
        #expect(tokens.refreshToken != nil)
        return (app, tokens)
    }

    private func refreshEvents(_ server: RunningServer) async throws -> Int {
        let events = try await server.admin.send("GET", "/v1/admin/audit-events?page_size=1000")
        return (events.json["items"] as? [[String: Any]])?.filter { $0["type"] as? String == "token.refreshed" }.count ?? -1
    }

    private func isActive(_ token: String, _ server: RunningServer, _ realm: TestRealm) async throws -> Bool? {
        try await TestRelyingParty(application: realm.confidential, server: server)
            .post(ProviderPath.introspection, ["token": token]).json["active"] as? Bool
    }

    @Test func concurrentRefreshesMakeExactlyOneRotation() async throws {
        try await RunningServer.withRealm { server, realm in
            let (app, tokens) = try await signedIn(server, realm)
            let results = try await withThrowingTaskGroup(of: TokenResponse.self) { group in
                for _ in 0..<8 { group.addTask { try await app.sdk.refreshTokens(tokens) } }
                return try await group.reduce(into: [TokenResponse]()) { $0.append($1) }
            }
            #expect(Set(results).count == 1)
            #expect(try await refreshEvents(server) == 1)
            let renewed = try #require(results.first)
            #expect(renewed.refreshToken != tokens.refreshToken)
            #expect(try await isActive(renewed.accessToken.value, server, realm) == true)
            // A caller still holding the old tokens gets the same renewal, not a replay that would end the session.
            #expect(try await app.sdk.refreshTokens(tokens) == renewed)
            #expect(try await refreshEvents(server) == 1)
            // The session lives on: the renewed tokens refresh in turn.
            _ = try await app.sdk.refreshTokens(renewed)
            #expect(try await refreshEvents(server) == 2)
        }
    }

    @Test func endSessionEndsTheSignInAtTheServer() async throws {
        try await RunningServer.withRealm { server, realm in
            let (app, tokens) = try await signedIn(server, realm)
            try await app.sdk.endSession(tokens)
            #expect(try await isActive(tokens.accessToken.value, server, realm) == false)
            await #expect(throws: BISDKError.sessionEnded("the session has ended")) {
                _ = try await app.sdk.refreshTokens(tokens)
            }
            // The tokens are bound to this device's key: another app instance cannot even try.
            await #expect(throws: BISDKError.sessionEnded("the credential the tokens are bound to is no longer on this device")) {
                _ = try await TestApp(server: server, application: realm.publicClient).sdk.refreshTokens(tokens)
            }
            // Ending it again is harmless.
            try await app.sdk.endSession(tokens)
        }
    }

    @Test func deletingTheCredentialEndsItsSessions() async throws {
        try await RunningServer.withRealm { server, realm in
            let (app, tokens) = try await signedIn(server, realm)
            let credential = try #require(try await app.sdk.getCredentials().first)
            _ = try await app.sdk.deleteCredential(for: credential.handle)
            #expect(try await isActive(tokens.accessToken.value, server, realm) == false)
            await #expect(throws: BISDKError.sessionEnded("the credential the tokens are bound to is no longer on this device")) {
                _ = try await app.sdk.refreshTokens(tokens)
            }
        }
    }
}
