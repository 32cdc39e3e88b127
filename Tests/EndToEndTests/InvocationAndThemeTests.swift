import Foundation
import IdentityProtocol
import Testing
import ServerTestSupport

/// What the vendor's later API needs from the server (issue 33): `/authorize` answering the
/// invoke URL as JSON for an app that starts sign-in itself, and realms' themes reaching devices.
@Suite struct InvocationAndThemeTests {
    @Test(arguments: ServerMode.allCases) func aManualApplicationGetsTheAuthenticateURLAsJSON(mode: ServerMode) async throws {
        try await RunningServer.withEnrolledDevice(mode) { server, realm, device in
            let path = try await realm.adminPath(of: realm.publicClient)
            let updated = try await server.admin.send("PATCH", path, json: ["invocation_type": "manual"])
            #expect(updated.status == 200 && updated.json["invocation_type"] as? String == "manual")
            #expect(try await server.admin.send("PATCH", path, json: ["invocation_type": "sometimes"]).status == 400)

            let party = TestRelyingParty(application: realm.publicClient, server: server)
            let answered = try await party.authorize()
            #expect(answered.status == 200 && answered.location == nil)
            let url = try #require(answered.json["authenticate_url"] as? String)
            #expect(url.hasPrefix(TestRealm.invokeURL + "?"))
            let result = try await device.authenticate(invokeURL: url, server: server)
            #expect(result.status == 200)
            _ = try party.code(from: result)
            // An error still goes back to the client as a redirect.
            let refused = try await party.authorize(["scope": "unknown"])
            #expect(refused.status == 302 && HTTPTestClient.queryItem("error", in: refused.location) == "invalid_scope")
        }
    }

    @Test func aRealmsThemeReachesTheDevicesItsCredentialsAreOn() async throws {
        try await RunningServer.withRealm(.router) { server, realm in
            let theme = ["logo_light_url": "https://shop.example/logo.png", "support_url": "https://shop.example/help"]
            let updated = try await server.admin.send("PATCH", realm.realmPath, json: ["theme": theme])
            #expect(updated.status == 200)
            #expect((updated.json["theme"] as? [String: String]) == theme)
            let refused = try await server.admin.send(
                "PATCH", realm.realmPath, json: ["theme": ["logo_dark_url": "http://shop.example/dark.png"]])
            #expect(refused.status == 400 && refused.error == "invalid_request")

            var device = TestDevice()
            let enrolled = try await device.enroll(link: try await realm.enrollmentLink(), server: server)
            #expect(((enrolled.json["credential"] as? [String: Any])?["realm_theme"] as? [String: String]) == theme)

            let cleared = try await server.admin.send("PATCH", realm.realmPath, json: ["theme": ["logo_light_url": "", "support_url": ""]])
            #expect(cleared.json["theme"] == nil, "a realm without a theme says nothing")
        }
    }
}
