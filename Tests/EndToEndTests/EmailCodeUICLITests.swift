import Foundation
import Testing
import ServerTestSupport

/// `bi ui email-code` in a real pseudo-terminal against a live server: a device without a
/// credential signs in with the code mailed to the user (a wrong one first), then sets itself up.
@Suite struct EmailCodeUICLITests {
    @Test func aNewPhoneSignsInWithAnEmailedCodeAndIsSetUp() async throws {
        try await RunningServer.withRealm { server, realm in
            let updated = try await server.admin.send(
                "PATCH", try await realm.adminPath(of: realm.publicClient), json: ["sign_in_methods": ["same_device", "email_code"], "email_code_binding": true])
            try #require(updated.status == 200)
            let device = FileManager.default.temporaryDirectory.appendingPathComponent("bi-ui-\(UUID().uuidString)").path
            let configured = try await BICommand.run([
                "device", "configure", "--device", device, "--server", server.baseURL,
                "--client-id", realm.publicClient.clientID, "--redirect-uri", TestRealm.callback,
            ])
            try #require(configured.status == 0, "\(configured.stderr)")
            let party = TestRelyingParty(application: realm.publicClient, server: server)
            let invoke = try #require(try await party.authorize().location)

            let ui = try await PseudoTerminal(["ui", "email-code", "--device", device, invoke])
            let offer = try await ui.waitFor("Choose 1-4: ")
            #expect(offer.contains("1) Sign in with a code sent by email"), "\(offer)")
            ui.type("1")
            try await ui.waitFor("Email address")
            try await ui.waitFor("or a choice: ")
            ui.type("ada@example.com")
            try await ui.waitFor("Code from the email")
            try await ui.waitFor("or a choice: ")
            let mail = try await server.mail(to: "ada@example.com")
            let code = try RunningServer.emailCode(in: mail)
            ui.type(code == "000000" ? "111111" : "000000")
            try await ui.waitFor("That code is not right. Check the email and try again (4 tries left).")
            try await ui.waitFor("or a choice: ")
            ui.type(code)
            let setUp = try await ui.waitFor("Choose 1-2: ")
            #expect(setUp.contains("Set up this device?") && setUp.contains("1) Set up this device"), "\(setUp)")
            ui.type("1")
            try await ui.waitFor("It now signs in as Ada Lovelace.")
            try await ui.waitFor("Choose 1-1: ")
            ui.type("1")
            try await ui.waitFor("signed in: open \(TestRealm.callback)?")
            let line = try await ui.waitFor("\n")
            #expect(await ui.exitStatus() == 0)

            let redirect = TestRealm.callback + "?" + line.trimmingCharacters(in: .whitespacesAndNewlines)
            let tokens = try await party.exchange(try #require(HTTPTestClient.queryItem("code", in: redirect), "\(redirect)"))
            try #require(tokens.status == 200, "\(tokens.json)")
            _ = try await party.verifyIDToken(try #require(tokens.json["id_token"] as? String), expectingAMR: (["otp"], "otp"))
            let credentials = try await BICommand.run(["device", "credentials", "--device", device, "--json"])
            let listed = try #require(try JSONSerialization.jsonObject(with: Data(credentials.stdout.utf8)) as? [[String: Any]])
            #expect(listed.map { $0["identity"] as? String } == ["Ada Lovelace (ada)"] && listed.first?["state"] as? String == "active")
        }
    }
}
