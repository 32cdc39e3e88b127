import Foundation
import IdentityProtocol
import JWTKit
import Testing
import ServerTestSupport

/// The `bi` executable, run as a user would run it, against real servers.
@Suite struct CLITests {
    @Test func demoJSONCarriesTokensThatVerifyAgainstItsJWKS() async throws {
        let result = try await BICommand.run(["demo", "--json"])
        try #require(result.status == 0, "\(result.stderr)")
        let output = result.json
        let jwks = try JSONSerialization.data(withJSONObject: try #require(output["jwks"]))
        let keys = try await JWTKeyCollection().add(jwksJSON: String(decoding: jwks, as: UTF8.self))
        let claims = try await keys.verify(try #require(output["id_token"] as? String), as: TestRelyingParty.IDClaims.self)
        #expect(claims.iss.value == output["issuer"] as? String)
        #expect(claims.aud.value == [try #require(output["client_id"] as? String)])
        let backend = try await keys.verify(
            try #require(output["confidential_id_token"] as? String), as: TestRelyingParty.IDClaims.self)
        #expect(backend.aud.value == [try #require(output["confidential_client_id"] as? String)])
        #expect(backend.sub == claims.sub)
        let second = try await keys.verify(
            try #require(output["second_device_id_token"] as? String), as: TestRelyingParty.IDClaims.self)
        #expect(second.sub == claims.sub)
        #expect(output["second_device_credential_id"] as? String != output["credential_id"] as? String)
    }

    @Test func demoTellsTheStoryInText() async throws {
        let result = try await BICommand.run(["demo"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("ID token verified"))
        #expect(result.stdout.contains("demo complete"))
    }

    @Test func extendShowsACodeThatImportUsesAndCtrlCCancels() async throws {
        try await RunningServer.withRealm { server, realm in
            let first = FileManager.default.temporaryDirectory.appendingPathComponent("bi-cli-\(UUID().uuidString)").path
            let second = first + "-second"
            for device in [first, second] {
                // The server from BI_SERVER, as the README exports it.
                let configured = try await BICommand.run([
                    "device", "configure", "--device", device, "--client-id", realm.publicClient.clientID,
                    "--redirect-uri", TestRealm.callback, "--json",
                ], environment: ["BI_SERVER": server.baseURL])
                try #require(configured.status == 0, "\(configured.stderr)")
                #expect(configured.json["server"] as? String == server.baseURL)
            }
            let registered = try await BICommand.run(["device", "register", "--device", first, try await realm.enrollmentLink()])
            try #require(registered.status == 0, "\(registered.stderr)")

            let extend = try await BIProcess(["extend", "--device", first, "--json"])
            let code = try #require(await extend.event("code")?["code"] as? String)
            // Typed as shown: three groups of three digits.
            let groups = stride(from: 0, to: 9, by: 3).map { String(Array(code.filter(\.isNumber))[$0..<$0 + 3]) }
            let imported = try await BICommand.run(["import", "--device", second] + groups + ["--json"])
            #expect(imported.status == 0, "\(imported.stderr)")
            #expect(await extend.event("done") != nil)
            #expect(await extend.exitStatus() == 0)
            let signIn = try await BICommand.run(["device", "authenticate", "--device", second])
            #expect(signIn.status == 0, "\(signIn.stderr)")

            let cancelled = try await BIProcess(["extend", "--device", first, "--json"])
            let stale = try #require(await cancelled.event("code")?["code"] as? String)
            cancelled.interrupt()
            #expect(await cancelled.event("aborted") != nil)
            #expect(await cancelled.exitStatus() == 130)
            let late = try await BICommand.run(["import", "--device", second, stale])
            #expect(late.status == 1)
            #expect(late.stderr.contains("cancelled"), "\(late.stderr)")
        }
    }

    @Test func signInsPrintTheTokensOnlyWhenAsked() async throws {
        try await RunningServer.withRealm { server, realm in
            let device = FileManager.default.temporaryDirectory.appendingPathComponent("bi-tokens-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: device) }
            let configured = try await BICommand.run([
                "device", "configure", "--device", device.path, "--server", server.baseURL,
                "--client-id", realm.publicClient.clientID, "--redirect-uri", TestRealm.callback,
            ])
            try #require(configured.status == 0, "\(configured.stderr)")
            let registered = try await BICommand.run(["device", "register", "--device", device.path, try await realm.enrollmentLink()])
            try #require(registered.status == 0, "\(registered.stderr)")

            // By default: who signed in, the token's type, scope and expiry; no token.
            let signedIn = try await BICommand.run(["device", "authenticate", "--device", device.path])
            try #require(signedIn.status == 0, "\(signedIn.stderr)")
            #expect(signedIn.stdout.hasPrefix("signed in as Ada Lovelace (ada): "), "\(signedIn.stdout)")
            #expect(signedIn.stdout.contains("token, scope openid, expires in "), "\(signedIn.stdout)")
            let saved = try JSONSerialization.jsonObject(with: Data(contentsOf: device.appendingPathComponent("session.json"))) as? [String: Any]
            let tokens = ["access_token", "id_token", "refresh_token"].compactMap { saved?[$0] as? String }
            #expect(tokens.count == 3)
            #expect(!signedIn.stdout.contains("eyJ") && !tokens.contains { signedIn.stdout.contains($0) }, "\(signedIn.stdout)")
            let renewed = try await BICommand.run(["device", "refresh", "--device", device.path])
            #expect(renewed.stdout.hasPrefix("session renewed for Ada Lovelace (ada): "), "\(renewed.stdout) \(renewed.stderr)")
            #expect(!renewed.stdout.contains("eyJ"), "\(renewed.stdout)")

            // --show-tokens prints them too.
            let shown = try await BICommand.run(["device", "authenticate", "--device", device.path, "--show-tokens"])
            try #require(shown.status == 0, "\(shown.stderr)")
            for label in ["access token: eyJ", "ID token (verified): eyJ", "refresh token: "] {
                #expect(shown.stdout.contains(label), "\(label) in \(shown.stdout)")
            }

            // --json: one object with the three tokens and who signed in.
            let json = try await BICommand.run(["device", "authenticate", "--device", device.path, "--json"])
            try #require(json.status == 0, "\(json.stderr)")
            let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any], "\(json.stdout)")
            for key in ["access_token", "id_token", "refresh_token"] {
                #expect((object[key] as? String)?.isEmpty == false, "\(key) in \(json.stdout)")
            }
            #expect((object["id_token"] as? String)?.split(separator: ".").count == 3)
            #expect(object["scope"] as? String == "openid")
            let identity = try #require(object["identity"] as? [String: Any], "\(json.stdout)")
            #expect(identity["id"] as? String == realm.identityID)
            #expect(identity["username"] as? String == "ada" && identity["display_name"] as? String == "Ada Lovelace")

            // An application that signs in only on the hosted page: said so, with what to do.
            let changed = try await server.admin.send(
                "PATCH", try await realm.adminPath(of: realm.publicClient), json: ["sign_in_methods": ["cross_device"]])
            try #require(changed.status == 200)
            let hosted = try await BICommand.run(["device", "authenticate", "--device", device.path])
            #expect(hosted.status != 0 && hosted.stderr.contains("This application signs in on the hosted sign-in page"), "\(hosted.stderr)")
            // A used enrollment link says so once, with what to do.
            let link = try await realm.enrollmentLink()
            #expect(try await BICommand.run(["device", "register", "--device", device.path, link]).status == 0)
            let reused = try await BICommand.run(["device", "register", "--device", device.path, link])
            #expect(reused.stderr.contains(
                "The enrollment link cannot be used: it was already used, has expired, or was never issued. Ask for a new link."), "\(reused.stderr)")
        }
    }

    @Test func adminAndDeviceCommandsAgainstARealServer() async throws {
        let server = try await RunningServer.start()
        do {
            try await driveEveryCommand(server)
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
    }

    private func driveEveryCommand(_ server: RunningServer) async throws {
        let env = ["BI_SERVER": server.baseURL, "BI_ADMIN_TOKEN": server.adminToken]
        func admin(_ arguments: [String]) async throws -> [String: Any] {
            let result = try await BICommand.run(["admin"] + arguments + ["--json"], environment: env)
            try #require(result.status == 0, "bi admin \(arguments): \(result.stderr)")
            return result.json
        }
        let tenant = try #require(try await admin(["tenants", "create", "--name", "Acme"])["id"] as? String)
        let realm = try #require(try await admin([
            "realms", "create", "--tenant", tenant, "--name", "Customers",
            "--registration-redirect-uri", TestRealm.registrationRedirect,
        ])["id"] as? String)
        let scope = ["--tenant", tenant, "--realm", realm]
        let passkeys = try #require(try await admin(["realms", "update"] + scope + [
            "--passkey-user-verification", "preferred", "--passkey-algorithm", "EdDSA", "--passkey-algorithm", "ES256",
        ])["passkey_policy"] as? [String: Any])
        #expect(passkeys["user_verification"] as? String == "preferred" && passkeys["algorithms"] as? [String] == ["EdDSA", "ES256"])
        // The token from a file rather than the command line, where `ps` shows it.
        let tokenFile = FileManager.default.temporaryDirectory.appendingPathComponent("bi-token-\(UUID().uuidString)")
        try Data((server.adminToken + "\n").utf8).write(to: tokenFile)
        defer { try? FileManager.default.removeItem(at: tokenFile) }
        let fromFile = try await BICommand.run(
            ["admin", "tenants", "get", "--tenant", tenant, "--token-file", tokenFile.path, "--json"], environment: ["BI_SERVER": server.baseURL])
        #expect(fromFile.status == 0 && fromFile.json["id"] as? String == tenant, "\(fromFile.stderr)")
        // A wrong --type names the flag and the choices, before any request.
        let wrongType = try await BICommand.run(
            ["admin", "applications", "create"] + scope + ["--name", "X", "--type", "foo"], environment: env)
        #expect(wrongType.status != 0)
        #expect(wrongType.stderr.contains("--type") && wrongType.stderr.contains("confidential") && !wrongType.stderr.contains("client_type"),
                "\(wrongType.stderr)")
        // A server address without a scheme, and a URL that is not bi-server's, say so.
        let bare = String(server.baseURL.dropFirst("http://".count))
        let noScheme = try await BICommand.run(["admin", "tenants", "list", "--server", bare], environment: env)
        #expect(noScheme.status != 0 && noScheme.stderr.contains("'\(bare)' is not a URL: add http:// or https://"), "\(noScheme.stderr)")
        let notBI = try await BICommand.run(["admin", "tenants", "list", "--server", server.baseURL + "/console"], environment: env)
        #expect(notBI.status != 0 && notBI.stderr.contains("is that the bi-server's base URL?"), "\(notBI.stderr)")
        let app = try await admin(["applications", "create"] + scope + [
            "--name", "Shop", "--type", "public", "--redirect-uri", TestRealm.callback, "--invoke-url", TestRealm.invokeURL,
            "--scope", "openid", "--scope", "profile", "--scope", "email",
        ])
        let clientID = try #require(app["client_id"] as? String)
        // As text: booleans as words, lists joined, nested objects on lines of their own.
        let shown = try await BICommand.run(
            ["admin", "applications", "get"] + scope + ["--application", try #require(app["id"] as? String)], environment: env)
        #expect(shown.stdout.contains("\ndpop_bound_access_tokens: false\n") && shown.stdout.contains("\nallowed_scopes: openid, profile, email\n"),
                "\(shown.stdout)")
        let realmText = try await BICommand.run(["admin", "realms", "get"] + scope, environment: env)
        #expect(realmText.stdout.contains("\npasskey_policy:\n  aaguids: \n  algorithms: EdDSA, ES256\n"), "\(realmText.stdout)")
        let identity = try #require(try await admin(["identities", "create"] + scope + ["--username", "ada"])["id"] as? String)
        _ = try await admin(["identities", "create"] + scope + ["--username", "adam"])
        let found = try await admin(["identities", "list"] + scope + ["--search", "ADA", "--order=-username", "--status", "active"])
        #expect((found["items"] as? [[String: Any]])?.compactMap { $0["username"] as? String } == ["adam", "ada"] && found["total"] as? Int == 2)
        let job = try await admin(["binding-jobs", "create"] + scope + ["--identity", identity, "--delivery", "return"])
        let link = try #require(job["credential_binding_link"] as? String)
        #expect(try await admin(["tenants", "list"])["items"] is [Any])
        _ = try await admin(["tenants", "create", "--name", "Other"])
        let scoped = try await admin(["tokens", "create", "--label", "acme-ops", "--tenant", tenant, "--expires-in", "3600"])
        let scopedToken = try #require(scoped["token"] as? String)
        let seen = try await BICommand.run(
            ["admin", "tenants", "list", "--json"], environment: env.merging(["BI_ADMIN_TOKEN": scopedToken]) { $1 })
        #expect((seen.json["items"] as? [[String: Any]])?.compactMap { $0["id"] as? String } == [tenant], "\(seen.stderr)")
        let revokedToken = try await admin(["tokens", "revoke", "--id", try #require(scoped["id"] as? String)])
        #expect(revokedToken["status"] as? String == "revoked")

        let device = FileManager.default.temporaryDirectory.appendingPathComponent("bi-cli-device-\(UUID().uuidString)").path
        func bi(_ arguments: [String]) async throws -> BICommand.Result {
            try await BICommand.run(["device"] + arguments + ["--device", device, "--json"])
        }
        let configured = try await bi(["configure", "--server", server.baseURL, "--client-id", clientID,
                                       "--redirect-uri", TestRealm.callback])
        #expect(configured.status == 0, "\(configured.status): \(configured.stderr)")
        let registered = try await bi(["register", link])
        try #require(registered.status == 0, "\(registered.stderr)")
        let handle = try #require(registered.json["handle"] as? String)

        let signedIn = try await bi(["authenticate"])
        #expect(signedIn.status == 0, "\(signedIn.stderr)")
        #expect((signedIn.json["id_token"] as? String)?.split(separator: ".").count == 3)
        let firstRefresh = try #require(signedIn.json["refresh_token"] as? String)
        let refreshed = try await bi(["refresh"])
        #expect(refreshed.status == 0, "\(refreshed.stderr)")
        let secondRefresh = try #require(refreshed.json["refresh_token"] as? String)
        #expect(secondRefresh != firstRefresh)
        let signedOut = try await bi(["sign-out"])
        #expect(signedOut.status == 0 && signedOut.json["signed_out"] as? Bool == true, "\(signedOut.stderr)")
        let afterSignOut = try await bi(["refresh"])
        #expect(afterSignOut.status == 1 && afterSignOut.stderr.contains("run `bi device authenticate` first"))
        let sessions = try #require(try await admin(["sessions", "list"] + scope + ["--identity", identity])["items"] as? [[String: Any]])
        #expect(sessions.count == 1 && sessions.first?["revoked_at"] != nil)
        let service = try await admin(["applications", "create"] + scope + [
            "--name", "Billing", "--type", "confidential", "--grant-type", "client_credentials", "--scope", "invoices.read",
        ])
        #expect(service["grant_types"] as? [String] == ["client_credentials"])
        let rotated = try await admin(
            ["applications", "rotate-secret"] + scope + ["--application", try #require(service["id"] as? String), "--overlap", "60"])
        let newSecret = try #require(rotated["client_secret"] as? String)
        #expect(newSecret.hasPrefix("bis_") && newSecret != service["client_secret"] as? String)
        #expect(rotated["previous_client_secret_expires_at"] != nil)
        let legacy = try await admin(
            ["applications", "update"] + scope + ["--application", try #require(service["id"] as? String), "--id-token-alg", "RS256"])
        #expect(legacy["id_token_signed_response_alg"] as? String == "RS256")
        let offering = try await admin(["applications", "update"] + scope + [
            "--application", try #require(app["id"] as? String), "--sign-in-method", "same_device", "--sign-in-method", "email_code", "--email-code-binding", "true",
        ])
        #expect(offering["sign_in_methods"] as? [String] == ["same_device", "email_code"] && offering["email_code_binding"] as? Bool == true)
        let withoutBinding = try await admin(
            ["applications", "update"] + scope + ["--application", try #require(app["id"] as? String), "--email-code-binding", "false"])
        #expect(withoutBinding["sign_in_methods"] as? [String] == ["same_device", "email_code"] && withoutBinding["email_code_binding"] as? Bool == false)

        let browser = TestRelyingParty(
            application: TestApplication(clientID: clientID, clientSecret: nil, issuer: try #require(app["issuer"] as? String)),
            server: server)
        let invoke = try #require(try await browser.authorize().location)
        let answered = try await bi(["authenticate-url", invoke])
        try #require(answered.status == 0, "\(answered.stderr)")
        let redirect = try #require(answered.json["redirect_url"] as? String)
        #expect(try await browser.exchange(try #require(HTTPTestClient.queryItem("code", in: redirect))).status == 200)

        let pkce = try await bi(["pkce"])
        let challenge = try #require(pkce.json["code_challenge"] as? String)
        let authorized = try await bi(["authorize", "--pkce-challenge=\(challenge)"])  // a challenge may begin with "-"
        let code = try #require(authorized.json["code"] as? String, "\(authorized.stderr)")
        #expect(try await browser.exchange(code, verifier: pkce.json["code_verifier"] as? String).status == 200)

        // One convention for every --json output: snake_case keys and values, as the admin API.
        let listed = try await BICommand.run(["device", "credentials", "--device", device, "--json"])
        let listedCredential = try #require((try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]])?.first)
        #expect(listedCredential["root_fingerprint"] != nil && listedCredential["rootFingerprint"] == nil)
        #expect(listedCredential["state"] as? String == "active")

        #expect(try await bi(["delete", handle]).status == 0)
        let afterDelete = try await bi(["authenticate"])
        #expect(afterDelete.status == 1)
        #expect(afterDelete.stderr.hasPrefix("bi: error: "))
        #expect(afterDelete.stderr.split(separator: "\n").count == 1)
        let revoked = try await admin(["credentials", "get"] + scope + ["--identity", identity, "--credential", handle])
        #expect(revoked["state"] as? String == "revoked")
    }

    @Test func failuresAreOneLineOnStderrWithNonZeroExit() async throws {
        let server = try await RunningServer.start()
        let wrongToken = try await BICommand.run(
            ["admin", "tenants", "list"], environment: ["BI_SERVER": server.baseURL, "BI_ADMIN_TOKEN": "bia_wrong"])
        #expect(wrongToken.status == 1)
        #expect(wrongToken.stderr.contains("401 unauthorized"))
        await server.stop()
        let down = try await BICommand.run(
            ["admin", "tenants", "list"], environment: ["BI_SERVER": server.baseURL, "BI_ADMIN_TOKEN": "x"])
        #expect(down.status == 1)
        #expect(down.stderr.contains("cannot reach"))
        let unconfigured = try await BICommand.run(["device", "authenticate", "--device", "/nonexistent/device"])
        #expect(unconfigured.status == 1)
        #expect(unconfigured.stderr == "bi: error: device /nonexistent/device is not configured: run `bi device configure`\n")
        let help = try await BICommand.run(["device", "register", "--help"])
        #expect(help.stdout.contains("Example: bi device register"))
    }
}
