import Foundation
import Testing
import ServerTestSupport

/// `bi ui` in a real pseudo-terminal: the user reads the screens and types the choices.
@Suite struct UICLITests {
    /// Configures a device directory for the realm's public client.
    private func device(_ server: RunningServer, _ realm: TestRealm) async throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("bi-ui-\(UUID().uuidString)").path
        let configured = try await BICommand.run([
            "device", "configure", "--device", path, "--server", server.baseURL,
            "--client-id", realm.publicClient.clientID, "--redirect-uri", TestRealm.callback,
        ])
        try #require(configured.status == 0, "\(configured.stderr)")
        return path
    }

    @Test func signInAddADeviceByCodeAndDeleteWithConfirmation() async throws {
        try await RunningServer.withRealm { server, realm in
            let first = try await device(server, realm)
            let registered = try await BICommand.run(["device", "register", "--device", first, try await realm.enrollmentLink()])
            try #require(registered.status == 0, "\(registered.stderr)")

            // Sign in on the first device.
            let signIn = try await PseudoTerminal(["ui", "--device", first])
            try await signIn.waitFor("Welcome back")
            let choices = try await signIn.waitFor("Choose 1-4: ")
            #expect(choices.contains("1) Continue as Ada Lovelace"))
            signIn.type("1")
            // Who signed in, on a line of its own (not after the progress screen's prompt); no token.
            let result = "signed in as Ada Lovelace (ada): "
            let signedIn = try await signIn.waitFor(result)
            #expect(PseudoTerminal.currentLine(signedIn.dropLast(result.count)).isEmpty, "\(signedIn)")
            #expect(!signedIn.contains("eyJ"), "\(signedIn)")
            let rest = try await signIn.waitFor("expires in ")
            #expect(rest.contains("token, scope openid"), "\(rest)")
            #expect(await signIn.exitStatus() == 0)

            // Add a second device with the code the first one shows.
            let second = try await device(server, realm)
            let extend = try await BIProcess(["extend", "--device", first, "--json"])
            let code = try #require(await extend.event("code")?["code"] as? String)
            // On a narrow terminal, with the result as JSON.
            let add = try await PseudoTerminal(["ui", "--device", second, "--json"], columns: 44)
            let none = try await add.waitFor("Choose 1-6: ")
            #expect(none.contains("Sign in without a password") && none.contains("2) Add this device from another device"))
            add.type("2")
            // Wrapped to the width at spaces: "the 9-digit code" is never cut into "the 9" and "-digit code".
            let enterCode = try await add.waitFor("Code (123 456 789), or a choice: ")
            let lines = enterCode.replacingOccurrences(of: "\r", with: "").split(separator: "\n")
            #expect(lines.allSatisfy { $0.count <= 44 }, "\(enterCode)")
            #expect(lines.contains { $0.contains("9-digit") } && enterCode.contains("On a device that already signs you in"), "\(enterCode)")
            add.type("12")
            try await add.waitFor("Enter the 9 digits of the code.")
            try await add.waitFor("or a choice: ")
            add.type(String(code.prefix(3)) + " " + String(code.dropFirst(3)))
            let start = try await add.waitFor("{\"access_token\":")
            let end = try await add.waitFor("\"token_type\":")
            let tail = try await add.waitFor("}")
            let json = PseudoTerminal.currentLine(start + end + tail)
            let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any], "\(json)")
            #expect(["access_token", "id_token", "refresh_token"].allSatisfy { (object[$0] as? String)?.isEmpty == false }, "\(json)")
            #expect((object["identity"] as? [String: Any])?["username"] as? String == "ada", "\(json)")
            #expect(await add.exitStatus() == 0)
            #expect(await extend.event("done") != nil)

            // Delete the second device's credential, confirming after reading the warning.
            let settings = try await PseudoTerminal(["ui", "settings", "--device", second])
            let list = try await settings.waitFor("Choose 1-5: ")
            #expect(list.contains("1) Ada Lovelace (Customers) · active"))
            settings.type("1")
            let details = try await settings.waitFor("Choose 1-3: ")
            #expect(details.contains("Root fingerprint (SHA-256)") && details.contains("2) Delete from this device"))
            settings.type("2")
            let warning = try await settings.waitFor("Choose 1-2: ")
            #expect(warning.contains("Delete the credential of Ada Lovelace?") && warning.contains("cannot sign in again"))
            settings.type("1")
            try await settings.waitFor("Credential deleted")
            settings.type("1")
            let empty = try await settings.waitFor("Choose 1-4: ")
            #expect(empty.contains("This device has no credential yet."))
            settings.type("4")
            #expect(await settings.exitStatus() == 0)
            let left = try await BICommand.run(["device", "credentials", "--device", second])
            #expect(left.stdout.contains("no credentials"))
        }
    }
}
