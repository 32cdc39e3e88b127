import BeyondIdentityEmbedded
import Foundation
import Testing
import ServerTestSupport

/// What the server decides about a credential reaches the device's `getCredentials`, without
/// every call going to the server.
@Suite struct CredentialStateTests {
    @Test func aRevocationShowsAfterTheCacheAgesOrAFailedSignIn() async throws {
        try await RunningServer.withRealm { server, realm in
            let app = TestApp(server: server, application: realm.publicClient)  // states cached 300 s
            let credential = try await app.sdk.registerCredentials(URL(string: try await realm.enrollmentLink())!)
            #expect(try await app.sdk.getCredentials().map(\.state) == [.active])
            let revoked = try await server.admin.send(
                "POST", "\(realm.identityPath)/credentials/\(credential.handle.rawValue)/revoke")
            #expect(revoked.status == 200)

            // Still cached: no request was made.
            #expect(try await app.sdk.getCredentials().map(\.state) == [.active])
            // A refused sign-in makes the next read ask the server.
            await #expect(throws: BISDKError.credentialRevoked("the credential has been revoked")) {
                try await app.sdk.authenticate()
            }
            #expect(try await app.sdk.getCredentials().map(\.state) == [.userDeleted])
            await #expect(throws: BISDKError.credentialRevoked("the credential has been revoked")) {
                try await app.sdk.authenticate()
            }
        }
    }

    @Test func aSuspendedIdentityShowsAndResumes() async throws {
        try await RunningServer.withRealm { server, realm in
            let app = TestApp(server: server, application: realm.publicClient, credentialStateMaxAge: 0)
            _ = try await app.sdk.registerCredentials(URL(string: try await realm.enrollmentLink())!)
            _ = try await server.admin.send("PATCH", realm.identityPath, json: ["status": "suspended"])
            #expect(try await app.sdk.getCredentials().map(\.state) == [.userSuspended])
            await #expect(throws: BISDKError.identityInactive("the identity is suspended")) {
                try await app.sdk.authenticate()
            }
            _ = try await server.admin.send("PATCH", realm.identityPath, json: ["status": "active"])
            #expect(try await app.sdk.getCredentials().map(\.state) == [.active])
            _ = try await app.sdk.authenticate()
        }
    }

    @Test func anUnreachableServerLeavesTheLastKnownStates() async throws {
        let server = try await RunningServer.start()
        let realm = try await TestRealm.create(on: server)
        let app = TestApp(server: server, application: realm.publicClient, credentialStateMaxAge: 0)
        _ = try await app.sdk.registerCredentials(URL(string: try await realm.enrollmentLink())!)
        await server.stop()
        #expect(try await app.sdk.getCredentials().map(\.state) == [.active])
    }
}
