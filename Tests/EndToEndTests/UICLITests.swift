import Foundation
import Testing

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
            try await signIn.waitFor("signed in; ID token verified")
            #expect(await signIn.exitStatus() == 0)

            // Add a second device with the code the first one shows.
            let second = try await device(server, realm)
            let extend = try await BIProcess(["extend", "--device", first, "--json"])
            let code = try #require(await extend.event("code")?["code"] as? String)
            let add = try await PseudoTerminal(["ui", "--device", second])
            let none = try await add.waitFor("Choose 1-6: ")
            #expect(none.contains("Sign in without a password") && none.contains("2) Add this device from another device"))
            add.type("2")
            try await add.waitFor("Code (123 456 789), or a choice: ")
            add.type("12")
            try await add.waitFor("Enter the 9 digits of the code.")
            try await add.waitFor("or a choice: ")
            add.type(String(code.prefix(3)) + " " + String(code.dropFirst(3)))
            try await add.waitFor("signed in; ID token verified")
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
