import Foundation
import IdentityProtocol
import Testing
import ServerTestSupport

/// The console's pages over the admin services: what each form changes (read back through
/// the admin API), refused input shown beside its field with what was typed, secrets shown
/// once, destructive actions behind a confirmation, every change audited `via: console`.
@Suite struct ConsolePagesTests {
    /// A signed-in browser on the test realm's pages.
    private static func signedIn(_ server: RunningServer) async throws -> ConsoleBrowser {
        let browser = ConsoleBrowser(server: server)
        try await browser.signIn(server.adminToken)
        return browser
    }

    /// The console path of a redirect's `Location` (without the console's root).
    private static func consolePath(_ reply: HTTPTestClient.Reply) throws -> String {
        let location = try #require(reply.location)
        return String(location.dropFirst("/console".count).prefix { $0 != "?" })
    }

    @Test(arguments: ServerMode.allCases)
    func applicationsAreCreatedEditedRotatedAndDeletedThroughTheForms(mode: ServerMode) async throws {
        try await RunningServer.withRealm(mode) { server, realm in
            let browser = try await Self.signedIn(server)
            let realmPath = "/tenants/\(realm.tenantID)/realms/\(realm.realmID)"
            try await browser.get(realmPath + "/applications/new")
            let form = ["display_name": "Web shop", "client_type": "public", "grant_types": "authorization_code",
                        "redirect_uris": "https://shop.example/cb\nhttps://shop.example/cb2", "invoke_url": "https://shop.example/invoke",
                        "allowed_scopes": "openid email", "refresh_token_lifetime": "3600", "refresh_token_idle_lifetime": "600",
                        "id_token_signed_response_alg": "RS256"]

            var refused = form
            refused["redirect_uris"] = "javascript:alert(1)"
            refused["invoke_url"] = "not a url"
            refused["allowed_origins"] = "https://shop.example/path"
            let bad = try await browser.post(realmPath + "/applications", refused)
            #expect(bad.status == 400)
            let page = await browser.page
            #expect(page.contains(#"<span class="field-error" id="app-redirect-uris-error">Redirect URIs "#), "the error beside its field, in the form's words")
            #expect(page.contains(#"<span class="field-error" id="app-invoke-url-error">Invoke URL "#) && page.contains(#"id="app-allowed-origins-error">Allowed origins "#),
                    "every error at once")
            // A summary at the top links to each field.
            #expect(page.contains(##"<div class="alert" role="alert" id="error-summary" tabindex="-1"><p>Fix these to save:</p><ul><li><a href="#app-redirect-uris">Redirect URIs "##))
            #expect(page.contains(##"<li><a href="#app-invoke-url">Invoke URL "##) && page.contains(##"<li><a href="#app-allowed-origins">Allowed origins "##))
            #expect(page.contains(#"value="Web shop""#) && page.contains(">javascript:alert(1)</textarea>"), "what was typed is kept")

            let created = try await browser.post(realmPath + "/applications", form)
            #expect(created.status == 303)
            let applicationPath = try Self.consolePath(created)
            let applicationID = String(try #require(applicationPath.split(separator: "/").last))
            let api = try await server.admin.send("GET", "/v1/admin/tenants/\(realm.tenantID)/realms/\(realm.realmID)/applications/\(applicationID)")
            #expect(api.json["redirect_uris"] as? [String] == ["https://shop.example/cb", "https://shop.example/cb2"])
            #expect(api.json["grant_types"] as? [String] == ["authorization_code"])
            #expect(api.json["id_token_signed_response_alg"] as? String == "RS256" && api.json["refresh_token_lifetime"] as? Int == 3600)

            try await browser.get(applicationPath)
            let facts = await browser.page
            #expect(facts.contains(#"<dd id="client-type">public (none)</dd>"#))
            #expect(facts.contains(#"<dd id="discovery-url">\#(realm.publicClient.issuer)/.well-known/openid-configuration</dd>"#))
            #expect(facts.contains(#"<dd id="token-url">\#(realm.publicClient.issuer)/token</dd>"#))
            #expect(facts.contains(#"name="refresh_token_lifetime" value="1h""#) && facts.contains(#"name="refresh_token_idle_lifetime" value="10m""#))
            var edited = form
            edited["redirect_uris"] = "https://shop.example/new"
            edited["dpop_bound_access_tokens"] = "on"
            edited["allowed_origins"] = ""
            edited["sign_in_methods"] = "cross_device"
            edited["refresh_token_lifetime"] = "2 days"
            #expect(try await browser.post(applicationPath, edited).status == 303)
            let after = try await server.admin.send("GET", "/v1/admin/tenants/\(realm.tenantID)/realms/\(realm.realmID)/applications/\(applicationID)")
            #expect(after.json["redirect_uris"] as? [String] == ["https://shop.example/new"] && after.json["dpop_bound_access_tokens"] as? Bool == true)
            #expect(after.json["sign_in_methods"] as? [String] == ["cross_device"] && after.json["email_code_binding"] as? Bool == false)
            #expect(after.json["refresh_token_lifetime"] as? Int == 172_800)
            try await browser.get(applicationPath)
            #expect(await browser.page.contains(#"id="app-method-cross-device" checked>"#))
            let shown = await browser.page
            #expect(shown.contains(#"id="app-method-same-device">"#) && shown.contains(#"id="app-email-code-binding">"#))
            edited["sign_in_methods"] = "email_code"
            let codeAlone = try await browser.post(applicationPath, edited)
            #expect(codeAlone.status == 400)
            #expect(await browser.page.contains("How users sign in from a browser: email_code needs same_device"))

            try await browser.get(applicationPath + "/delete")
            #expect(await browser.page.contains("Sign-ins through client"))
            #expect(try await browser.post(applicationPath + "/delete").status == 303)
            let gone = try await server.admin.send("GET", "/v1/admin/tenants/\(realm.tenantID)/realms/\(realm.realmID)/applications/\(applicationID)")
            #expect(gone.status == 404)
        }
    }

    @Test(arguments: ServerMode.allCases)
    func aConfidentialClientsSecretIsShownOnceAndRotatedWithTheChosenOverlap(mode: ServerMode) async throws {
        try await RunningServer.withRealm(mode) { server, realm in
            let browser = try await Self.signedIn(server)
            let realmPath = "/tenants/\(realm.tenantID)/realms/\(realm.realmID)"
            try await browser.get(realmPath + "/applications/new")
            let created = try await browser.post(realmPath + "/applications", [
                "display_name": "Backend", "client_type": "confidential", "grant_types": "client_credentials",
                "refresh_token_lifetime": "3600", "refresh_token_idle_lifetime": "600"])
            #expect(created.status == 200)
            let secret = try #require(await browser.match(#"bis_[A-Za-z0-9_-]+"#))
            let applicationPath = try #require(await browser.match(#"href="/console(/tenants/[^"]+)" id="continue""#))
            try await browser.get(applicationPath)
            #expect(await browser.page.contains(secret) == false, "never on a page after its one showing")

            let formID = try #require(await browser.match(#"name="form_id" value="([^"]*)""#))
            let rotated = try await browser.post(applicationPath + "/rotate-secret", ["overlap_seconds": "0"])
            #expect(rotated.status == 200)
            #expect(await browser.page.contains("The previous secret has stopped working"))
            #expect(await browser.page.contains(secret) == false)
            let newSecret = try #require(await browser.match(#"bis_[A-Za-z0-9_-]+"#))

            // A reload (or the back button) sends the same form again: refused, nothing rotated.
            let resent = try await browser.post(applicationPath + "/rotate-secret", ["overlap_seconds": "0", "form_id": formID])
            #expect(resent.status == 409)
            #expect(await browser.shows("This form was already sent: what it created (a secret or a link) was shown once then"))
            #expect(await browser.shows(#"<a class="button" href="/console\#(applicationPath)" id="next">Back to its page</a>"#))
            let clientID = try #require(try await Self.clientID(applicationPath, browser))
            let party = TestRelyingParty(
                application: TestApplication(clientID: clientID, clientSecret: newSecret, issuer: realm.confidential.issuer), server: server)
            #expect(try await party.post(ProviderPath.token, ["grant_type": "client_credentials"]).status == 200, "the new secret still works")
        }
    }

    /// A realm of 211 identities lists them in a stable order a page at a time both ways, with
    /// their total, a page size, a status filter and a newest-first order; the admin API and
    /// `bi admin identities list` take the same filters. A realm with none says what to do.
    @Test func aLargeRealmsIdentitiesArePagedSortedAndCounted() async throws {
        try await RunningServer.withRealm(.router) { server, realm in
            let path = AdminAPI.identities(tenant: realm.tenantID, realm: realm.realmID)
            for index in 0..<210 {
                _ = try await server.admin.created(path, ["username": String(format: "user%03d", index)])
            }
            let browser = try await Self.signedIn(server)
            let listPath = "/tenants/\(realm.tenantID)/realms/\(realm.realmID)/identities"
            func rows() async -> [String] {
                let page = await browser.page
                return page.components(separatedBy: #"<td data-label="Username"><a href=""#).dropFirst().compactMap {
                    $0.split(separator: ">", maxSplits: 1).last?.split(separator: "<").first.map(String.init)
                }
            }
            try await browser.get(listPath)
            #expect(await browser.match(#"<span id="identity-total">(\d+)</span>"#) == "211")
            let first = await rows()
            #expect(first.count == 50 && first.first == "ada" && first[1] == "user000" && first.last == "user048")
            let firstPage = await browser.page
            #expect(firstPage.contains(#"id="create-panel""#) && !firstPage.contains("previous-page"))
            let next = try #require(await browser.match(#"href="/console([^"]+)" id="next-page""#))
            try await browser.get(next.replacingOccurrences(of: "&amp;", with: "&"))
            #expect(await rows().first == "user049")
            let previous = try #require(await browser.match(#"href="/console([^"]+)" id="previous-page""#))
            try await browser.get(previous.replacingOccurrences(of: "&amp;", with: "&"))
            #expect(await rows() == first)

            try await browser.get(listPath + "?order=-created&page_size=200")
            let newest = await rows()
            #expect(newest.count == 200 && newest.first == "user209" && newest.last == "user010")
            #expect(await browser.page.contains(#"<option value="-created" selected>"#))
            try await browser.get(listPath + "?status=suspended")
            #expect(await browser.match(#"<span id="identity-total">(\d+)</span>"#) == "0")
            #expect(await browser.page.contains("No identity matches these filters."))

            let api = try await server.admin.send("GET", path + "?q=USER20&order=-username&page_size=3")
            #expect((api.json["items"] as? [[String: Any]])?.compactMap { $0["username"] as? String } == ["user209", "user208", "user207"])
            #expect(api.json["total"] as? Int == 10 && api.json["next_cursor"] is String && api.json["previous_cursor"] == nil)
            let refused = try await server.admin.send("GET", path + "?order=name")
            #expect(refused.status == 400 && refused.json["error_description"] as? String
                == "'order' must be one of: username, -username, created, -created")

            let empty = try await server.admin.created(AdminAPI.realms(tenant: realm.tenantID), [
                "display_name": "Empty", "registration_redirect_uri": TestRealm.registrationRedirect,
            ])
            try await browser.get("/tenants/\(realm.tenantID)/realms/\(try #require(empty["id"] as? String))/identities")
            #expect(await browser.page.contains("No identities in this realm yet. Create one above"))
        }
    }

    /// Deleting a tenant says what goes with it, counted, and takes its name typed: a wrong
    /// name deletes nothing.
    @Test func deletingATenantCountsWhatGoesAndTakesItsName() async throws {
        try await RunningServer.withRealm(.router) { server, realm in
            let browser = try await Self.signedIn(server)
            let path = "/tenants/\(realm.tenantID)"
            try await browser.get(path + "/delete")
            #expect(await browser.shows("This deletes the tenant with its 1 realm, 1 active identity and 0 active credentials"))
            #expect(await browser.shows(#"Type <strong>Acme</strong> to confirm"#))
            let wrong = try await browser.post(path + "/delete", ["confirm_name": "acme"])
            #expect(wrong.status == 400)
            #expect(await browser.shows("The name typed is not the tenant&#39;s: nothing was deleted."))
            #expect(try await server.admin.send("GET", AdminAPI.tenant(realm.tenantID)).status == 200)
            let deleted = try await browser.post(path + "/delete", ["confirm_name": " Acme "])
            #expect(deleted.status == 303)
            #expect(try await server.admin.send("GET", AdminAPI.tenant(realm.tenantID)).status == 404)
        }
    }

    /// Rotating a realm's signing keys says what it affects, counted, and takes the realm's name
    /// typed: a wrong name rotates nothing.
    @Test func rotatingSigningKeysCountsWhatItAffectsAndTakesTheRealmsName() async throws {
        try await RunningServer.withRealm(.router) { server, realm in
            let browser = try await Self.signedIn(server)
            let path = "/tenants/\(realm.tenantID)/realms/\(realm.realmID)"
            let keys = AdminAPI.signingKeys(tenant: realm.tenantID, realm: realm.realmID)
            let keyCount = { try (JSONSerialization.jsonObject(with: try await server.admin.send("GET", keys).body) as? [Any])?.count }
            let before = try #require(try await keyCount())
            try await browser.get(path)
            #expect(await browser.shows(#"href="/console\#(path)/signing-keys/rotate" id="rotate-keys">"#))
            try await browser.get(path + "/signing-keys/rotate")
            #expect(await browser.shows("New keys replace the realm&#39;s \(before) current signing key\(before == 1 ? "" : "s"): each is published"))
            #expect(await browser.shows("The realm&#39;s 2 applications and every service that checks its tokens must fetch the JWKS"))
            #expect(await browser.shows("its identities (1 active) sign in as before"))
            #expect(await browser.shows(#"Type <strong>Customers</strong> to confirm"#))
            let wrong = try await browser.post(path + "/signing-keys/rotate", ["confirm_name": "customers"])
            #expect(wrong.status == 400)
            #expect(await browser.shows("The name typed is not the realm&#39;s: no key was rotated."))
            #expect(try await keyCount() == before)
            let rotated = try await browser.post(path + "/signing-keys/rotate", ["confirm_name": "Customers"])
            #expect(rotated.status == 303)
            #expect(try await keyCount() == 2 * before)
        }
    }

    /// A realm's theme (logos, support page) and its account page are set with its settings:
    /// saved as the admin API has them; a URL refused is shown beside its field as typed, nothing
    /// changed; emptied, cleared; the account page unchecked, off.
    @Test func aRealmsThemeAndAccountPageAreSetWithItsSettings() async throws {
        try await RunningServer.withRealm(.router) { server, realm in
            let browser = try await Self.signedIn(server)
            let path = "/tenants/\(realm.tenantID)/realms/\(realm.realmID)"
            let api = AdminAPI.realm(tenant: realm.tenantID, realm: realm.realmID)
            var fields = [
                "display_name": "Customers", "registration_redirect_uri": TestRealm.registrationRedirect,
                "logo_light_url": "https://cdn.example/light.svg", "logo_dark_url": "", "support_url": "https://help.example/",
                "account_page": "on",
            ]
            try await browser.get(path)
            #expect(try await browser.post(path, fields).status == 303)
            var theme = try await server.admin.send("GET", api).json["theme"] as? [String: String]
            #expect(theme == ["logo_light_url": "https://cdn.example/light.svg", "support_url": "https://help.example/"])
            try await browser.get(path)
            #expect(await browser.shows(#"id="realm-logo-light" name="logo_light_url" value="https://cdn.example/light.svg""#))
            #expect(await browser.shows(#"id="realm-account-page" checked>"#))
            #expect(await browser.shows(#"Users find it at <a href="\#(realm.confidential.issuer)/account" id="account-page-link">"#))

            fields["logo_dark_url"] = "http://cdn.example/dark.svg"
            try await browser.get(path)
            let refused = try await browser.post(path, fields)
            #expect(refused.status == 400)
            #expect(await browser.shows(#"value="http://cdn.example/dark.svg" type="url" maxlength="2048" aria-invalid="true" aria-describedby="realm-logo-dark-error""#))
            #expect(await browser.shows(#"<span class="field-error" id="realm-logo-dark-error">"#))
            theme = try await server.admin.send("GET", api).json["theme"] as? [String: String]
            #expect(theme?["logo_dark_url"] == nil)

            fields["logo_dark_url"] = ""
            fields["support_url"] = ""
            fields["account_page"] = nil
            try await browser.get(path)
            #expect(try await browser.post(path, fields).status == 303)
            theme = try await server.admin.send("GET", api).json["theme"] as? [String: String]
            #expect(theme == ["logo_light_url": "https://cdn.example/light.svg"])
            #expect(try await server.admin.send("GET", api).json["account_page"] as? Bool == false)
        }
    }

    /// A realm's passkey rules are set on its page: saved as the admin API has them; refused as
    /// typed, with the reason above the form and nothing changed.
    @Test func aRealmsPasskeyRulesAreSetOnItsPage() async throws {
        try await RunningServer.withRealm { server, realm in
            let browser = try await Self.signedIn(server)
            let realmPath = "/tenants/\(realm.tenantID)/realms/\(realm.realmID)"
            try await browser.get(realmPath)
            #expect(await browser.page.contains(#"<option value="required" selected>"#))
            let saved = try await browser.post(realmPath + "/passkey-policy", [
                "rp_id": "", "user_verification": "preferred", "algorithms": "ES256", "attestation_roots": "", "aaguids": "",
            ])
            #expect(saved.status == 303)
            let api = try await server.admin.send("GET", AdminAPI.realm(tenant: realm.tenantID, realm: realm.realmID))
            let policy = try #require(api.json["passkey_policy"] as? [String: Any])
            #expect(policy["user_verification"] as? String == "preferred" && policy["algorithms"] as? [String] == ["ES256"])
            #expect(policy["rp_id"] == nil && policy["attestation_roots"] as? [String] == [])
            try await browser.get(realmPath)
            let page = await browser.page
            #expect(page.contains(#"<option value="preferred" selected>"#) && page.contains(#"id="passkey-alg-es256" checked>"#))
            #expect(page.contains(#"id="passkey-alg-rs256">"#))

            let refused = try await browser.post(realmPath + "/passkey-policy", [
                "rp_id": "", "user_verification": "required", "algorithms": "EdDSA", "attestation_roots": "",
                "aaguids": "01020304-0506-0708-0102-030405060708",
            ])
            #expect(refused.status == 400)
            let shown = await browser.page
            #expect(shown.contains(#"<p class="alert" role="alert" id="passkeys-error">&#39;passkey_policy.aaguids&#39; needs"#))
            #expect(shown.contains(">01020304-0506-0708-0102-030405060708</textarea>") && shown.contains(#"id="passkey-alg-eddsa" checked>"#))
            let unchanged = try await server.admin.send("GET", AdminAPI.realm(tenant: realm.tenantID, realm: realm.realmID))
            #expect((unchanged.json["passkey_policy"] as? [String: Any])?["algorithms"] as? [String] == ["ES256"])
        }
    }

    /// The client id shown on an application's page.
    private static func clientID(_ applicationPath: String, _ browser: ConsoleBrowser) async throws -> String? {
        try await browser.get(applicationPath)
        return await browser.match(#"<dd id="client-id">([^<]+)</dd>"#)
    }

    @Test(arguments: ServerMode.allCases)
    func identitiesAreCreatedSearchedSuspendedAndDeleted(mode: ServerMode) async throws {
        try await RunningServer.withRealm(mode) { server, realm in
            let browser = try await Self.signedIn(server)
            let identities = "/tenants/\(realm.tenantID)/realms/\(realm.realmID)/identities"
            try await browser.get(identities)
            let created = try await browser.post(identities, ["username": "grace", "email": "grace@hopper.example", "display_name": "Grace H"])
            #expect(created.status == 303)
            let identityPath = try Self.consolePath(created)
            let identityID = String(try #require(identityPath.split(separator: "/").last))

            try await browser.get(identities)
            let clash = try await browser.post(identities, ["username": "grace", "email": "other@example.com"])
            #expect(clash.status == 409)
            #expect(await browser.page.contains("already has an identity with username"))
            #expect(await browser.page.contains(#"value="other@example.com""#))

            try await browser.get(identities + "?q=HOPPER")
            #expect(await browser.page.contains("Grace H"))
            try await browser.get(identities + "?q=nobody")
            #expect(await browser.page.contains("Grace H") == false)

            let api = "/v1/admin/tenants/\(realm.tenantID)/realms/\(realm.realmID)/identities/\(identityID)"
            try await browser.get(identityPath)
            #expect(try await browser.post(identityPath + "/suspend").status == 303)
            #expect(try await server.admin.send("GET", api).json["status"] as? String == "suspended")
            try await browser.get(identityPath)
            #expect(await browser.page.contains(#"id="reactivate""#))
            #expect(try await browser.post(identityPath + "/reactivate").status == 303)
            #expect(try await server.admin.send("GET", api).json["status"] as? String == "active")

            try await browser.get(identityPath + "/delete")
            #expect(await browser.page.contains("Every credential of Grace H is revoked"))
            #expect(try await browser.post(identityPath + "/delete").status == 303)
            #expect(try await server.admin.send("GET", api).json["status"] as? String == "deleted")
            try await browser.get(identityPath)
            #expect(try await browser.post(identityPath + "/reactivate").status == 409, "a deleted identity does not come back")
            #expect(try await server.admin.send("GET", api).json["status"] as? String == "deleted")
        }
    }

    @Test(arguments: ServerMode.allCases)
    func enrollmentLinksAreMailedOrShownOnce(mode: ServerMode) async throws {
        try await RunningServer.withRealm(mode) { server, realm in
            let browser = try await Self.signedIn(server)
            let identityPath = "/tenants/\(realm.tenantID)/realms/\(realm.realmID)/identities/\(realm.identityID)"
            try await browser.get(identityPath)
            let mailed = try await browser.post(identityPath + "/binding-jobs", ["kind": "registration", "delivery": "email"])
            #expect(mailed.status == 303 && mailed.location?.hasSuffix("?notice=mail_sent") == true)
            let link = try await server.linkFromNewestEmail()

            try await browser.get(identityPath)
            let shown = try await browser.post(identityPath + "/binding-jobs", ["kind": "recovery", "delivery": "return"])
            #expect(shown.status == 200)
            let page = await browser.page
            #expect(page.contains("/v1/bind?token=") && !page.contains(link))
            try await browser.get(identityPath)
            #expect(await browser.page.contains("/v1/bind?token=") == false, "the link is shown once")
            #expect(await browser.page.contains("recovery"))
            let formID = try #require(await browser.match(#"name="form_id" value="([^"]*)""#))
            #expect(try await browser.post(identityPath + "/binding-jobs", ["kind": "registration", "delivery": "return", "form_id": formID]).status == 200)
            #expect(try await browser.post(identityPath + "/binding-jobs", ["kind": "registration", "delivery": "return", "form_id": formID]).status == 409,
                    "sent again, the form makes no second link")
            let jobs = try await server.admin.send("GET", "/v1/admin/tenants/\(realm.tenantID)/realms/\(realm.realmID)/identities/\(realm.identityID)/binding-jobs")
            #expect((jobs.json["items"] as? [[String: Any]])?.count == 3)
        }
    }

    @Test(arguments: ServerMode.allCases)
    func aCredentialIsRevokedAfterAConfirmationAndAudited(mode: ServerMode) async throws {
        try await RunningServer.withEnrolledDevice(mode) { server, realm, device in
            let browser = try await Self.signedIn(server)
            let identityPath = "/tenants/\(realm.tenantID)/realms/\(realm.realmID)/identities/\(realm.identityID)"
            try await browser.get(identityPath)
            let credentialID = device.credentialID
            #expect(await browser.page.contains(#"data-credential="\#(credentialID)""#))
            #expect(await browser.page.contains(#"<span class="state active">active</span>"#))

            let confirm = try await browser.get("\(identityPath)/credentials/\(credentialID)/revoke")
            #expect(confirm.status == 200)
            #expect(await browser.shows("can no longer sign in"))
            let api = "/v1/admin/tenants/\(realm.tenantID)/realms/\(realm.realmID)/identities/\(realm.identityID)/credentials/\(credentialID)"
            #expect(try await server.admin.send("GET", api).json["state"] as? String == "active", "the confirmation page changes nothing")
            #expect(try await browser.post("\(identityPath)/credentials/\(credentialID)/revoke").status == 303)
            #expect(try await server.admin.send("GET", api).json["state"] as? String == "revoked")
            try await browser.get(identityPath)
            #expect(await browser.page.contains(#"<span class="state revoked">revoked</span>"#))
            #expect(try await browser.get("\(identityPath)/sessions/no-such-session/revoke").status == 404, "nothing is confirmed that is not there")
        }
    }

    @Test(arguments: ServerMode.allCases)
    func adminTokensAreCreatedShownOnceAndRevoked(mode: ServerMode) async throws {
        try await RunningServer.withRealm(mode) { server, realm in
            let browser = try await Self.signedIn(server)
            try await browser.get("/admin-tokens")
            let bad = try await browser.post("/admin-tokens", ["label": "ci", "expires_in_days": "soon"])
            #expect(bad.status == 400)
            #expect(await browser.shows(#"id="token-expiry-error""#))
            let created = try await browser.post("/admin-tokens", ["label": "acme-ci", "tenant_id": realm.tenantID, "expires_in_days": "7"])
            #expect(created.status == 200)
            let token = try #require(await browser.match(#"<p class="secret" id="secret">([^<]+)</p>"#))
            let scoped = try await server.client(bearer: String(token)).send("GET", "/v1/admin/tenants/\(realm.tenantID)")
            #expect(scoped.status == 200)

            let listed = try await server.admin.send("GET", "/v1/admin/tokens")
            let id = try #require((listed.json["items"] as? [[String: Any]])?.first { $0["label"] as? String == "acme-ci" }?["id"] as? String)
            try await browser.get("/admin-tokens/\(id)/revoke")
            #expect(try await browser.post("/admin-tokens/\(id)/revoke").status == 303)
            #expect(try await server.client(bearer: String(token)).send("GET", "/v1/admin/tenants/\(realm.tenantID)").status == 401)
        }
    }

    /// A realm's provisioning tokens: created with an expiry and shown once beside the SCIM base
    /// URL (the token opens that realm's SCIM service), revoked after a confirmation; the realm's
    /// settings turn the mailed enrollment link of new SCIM users on and off.
    @Test(arguments: ServerMode.allCases)
    func provisioningTokensAreCreatedShownOnceAndRevoked(mode: ServerMode) async throws {
        try await RunningServer.withRealm(mode) { server, realm in
            let browser = try await Self.signedIn(server)
            let realmPage = "/tenants/\(realm.tenantID)/realms/\(realm.realmID)"
            let tokens = realmPage + "/provisioning-tokens"
            try await browser.get(realmPage)
            #expect(await browser.shows(#"id="provisioning-tokens-link""#))
            try await browser.get(tokens)
            let base = SCIMProvisioningTokenTests.base(realm.tenantID, realm.realmID)
            #expect(await browser.shows(#"<code id="scim-base-url">\#(server.baseURL)\#(base)</code>"#))
            let bad = try await browser.post(tokens, ["label": "entra", "expires_in_days": "0"])
            #expect(bad.status == 400)
            #expect(await browser.shows(#"id="token-expiry-error""#))
            let created = try await browser.post(tokens, ["label": "entra <prod>", "expires_in_days": "365"])
            #expect(created.status == 200)
            let token = try #require(await browser.match(#"<p class="secret" id="secret">([^<]+)</p>"#))
            let scim = server.client(bearer: String(token))
            #expect(try await scim.send("GET", "\(base)/Users").status == 200)

            try await browser.get(tokens)
            #expect(await browser.shows("entra &lt;prod&gt;"))
            let listed = try await server.admin.send("GET", AdminAPI.provisioningTokens(tenant: realm.tenantID, realm: realm.realmID))
            let id = try #require((listed.json["items"] as? [[String: Any]])?.first?["id"] as? String)
            try await browser.get("\(tokens)/\(id)/revoke")
            #expect(try await browser.post("\(tokens)/\(id)/revoke").status == 303)
            #expect(try await scim.send("GET", "\(base)/Users").status == 401)

            // The realm's settings: new SCIM users mailed an enrollment link, then not.
            try await browser.get(realmPage)
            let settings = ["display_name": "Customers", "registration_redirect_uri": TestRealm.registrationRedirect]
            #expect(try await browser.post(realmPage, settings.merging(["scim_enrollment": "email"]) { $1 }).status == 303)
            #expect(try await server.admin.send("GET", realm.realmPath).json["scim_enrollment"] as? String == "email")
            try await browser.get(realmPage)
            #expect(await browser.shows(#"id="realm-scim-enrollment" checked"#))
            #expect(try await browser.post(realmPage, settings).status == 303)
            #expect(try await server.admin.send("GET", realm.realmPath).json["scim_enrollment"] as? String == "none")
        }
    }
}
