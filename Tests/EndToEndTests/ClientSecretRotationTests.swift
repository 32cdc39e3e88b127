import Foundation
import IdentityServer
import IdentityProtocol
import IdentityStorage
import IdentityStorageTestSupport
import Testing
import IdentityServerCore
import ServerTestSupport

/// A confidential client's secret is rotated with an overlap in which both secrets work.
@Suite struct ClientSecretRotationTests {
    @Test(arguments: ServerMode.allCases) func bothSecretsWorkDuringTheOverlapThenOnlyTheNewOne(mode: ServerMode) async throws {
        let clock = TestClock()
        try await RunningServer.withRealm(mode, configure: { $0.now = clock.now }) { server, realm in
            let path = try await realm.adminPath(of: realm.confidential)
            // In the body: a refused Basic secret comes with a challenge Foundation's client gives up on.
            let patched = try await server.admin.send("PATCH", path, json: ["token_endpoint_auth_method": "client_secret_post"])
            try #require(patched.status == 200)
            let rotated = try await server.admin.send("POST", path + "/rotate-secret", json: ["overlap_seconds": 600])
            #expect(rotated.status == 200)
            let newSecret = try #require(rotated.json["client_secret"] as? String)
            #expect(newSecret.hasPrefix("bis_") && newSecret != realm.confidential.clientSecret)
            #expect(rotated.json["previous_client_secret_expires_at"] != nil)
            #expect(try await server.admin.send("GET", path).json["client_secret"] == nil, "the secret is shown once")

            func introspects(with secret: String?) async throws -> Int {
                try await TestRelyingParty(application: realm.confidential, server: server)
                    .post(ProviderPath.introspection, ["token": "garbage"], secret: secret, secretInBody: true).status
            }
            #expect(try await introspects(with: realm.confidential.clientSecret) == 200)
            #expect(try await introspects(with: newSecret) == 200)
            clock.advance(by: 601)
            #expect(try await introspects(with: realm.confidential.clientSecret) == 401, "the overlap is over")
            #expect(try await introspects(with: newSecret) == 200)

            // Rotating with no body overlaps a day; with 0, the old secret stops at once.
            let again = try await server.admin.send("POST", path + "/rotate-secret")
            #expect(again.status == 200)
            #expect(try await introspects(with: newSecret) == 200)
            let immediate = try await server.admin.send("POST", path + "/rotate-secret", json: ["overlap_seconds": 0])
            let latest = try #require(immediate.json["client_secret"] as? String)
            #expect(immediate.json["previous_client_secret_expires_at"] == nil)
            #expect(try await introspects(with: newSecret) == 401)
            #expect(try await introspects(with: again.json["client_secret"] as? String) == 401, "a secret replaced twice is gone")
            #expect(try await introspects(with: latest) == 200)

            let events = try await server.instance.store.listAuditEvents(tenantID: nil, .init(size: 100)).items
            #expect(events.filter { $0.type == "admin.application.secret_rotated" }.count == 3)
        }
    }

    @Test func publicClientsAndBadOverlapsAreRefused() async throws {
        try await RunningServer.withRealm(.router) { server, realm in
            let publicPath = try await realm.adminPath(of: realm.publicClient)
            let noSecret = try await server.admin.send("POST", publicPath + "/rotate-secret")
            #expect(noSecret.status == 400 && noSecret.error == "invalid_request")
            let path = try await realm.adminPath(of: realm.confidential)
            for overlap in [-1, 30 * 86_400 + 1] {
                let reply = try await server.admin.send("POST", path + "/rotate-secret", json: ["overlap_seconds": overlap])
                #expect(reply.status == 400, "\(overlap)")
            }
            let asText = try await server.admin.send(
                "POST", path + "/rotate-secret", headers: ["Content-Type": "text/plain"], body: Data("{}".utf8))
            #expect(asText.status == 415)
            // A body without a Content-Type is not taken for "no body".
            let untyped = try await server.admin.send("POST", path + "/rotate-secret", body: Data(#"{"overlap_seconds":0}"#.utf8))
            #expect(untyped.status == 415 && untyped.error == "unsupported_media_type")
            let unchanged = try await TestRelyingParty(application: realm.confidential, server: server)
                .post(ProviderPath.introspection, ["token": "garbage"])
            #expect(unchanged.status == 200, "refused rotations change nothing")
        }
    }
}
