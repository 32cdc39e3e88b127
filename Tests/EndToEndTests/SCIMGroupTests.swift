import Foundation
import IdentityProtocol
import JWTKit
import Testing
import ServerTestSupport

/// `/Groups` of a realm's SCIM service (RFC 7644 §3.3–§3.6) as Entra ID and Okta send it, and the
/// `groups` claim it feeds: ID tokens, userinfo and introspection carry the names of the
/// identity's groups, read when released.
@Suite struct SCIMGroupTests {
    static let groupSchema = "urn:ietf:params:scim:schemas:core:2.0:Group"

    static func newGroup(_ name: String, members: [String] = [], externalID: String? = nil) -> [String: Any] {
        var group: [String: Any] = ["schemas": [groupSchema], "displayName": name, "members": members.map { ["value": $0] }]
        group["externalId"] = externalID
        return group
    }

    /// Creates a user by SCIM; returns its id.
    static func createUser(_ scim: HTTPTestClient, _ base: String, _ userName: String) async throws -> String {
        let created = try await scim.send("POST", "\(base)/Users", json: SCIMUserTests.newUser(userName, email: "\(userName)@example.com"))
        try #require(created.status == 201, "\(created.json)")
        return try #require(created.json["id"] as? String)
    }

    static func memberIDs(_ group: [String: Any]) -> [String] {
        (group["members"] as? [[String: Any]] ?? []).compactMap { $0["value"] as? String }.sorted()
    }

    @Test(arguments: ServerMode.allCases) func discoveryListsUsersAndGroups(mode: ServerMode) async throws {
        try await RunningServer.withRealm(mode) { server, realm in
            let (scim, base) = try await SCIMDiscoveryTests.scimClient(server, realm)
            let config = try await scim.send("GET", "\(base)/ServiceProviderConfig")
            for feature in ["patch", "filter", "etag"] {
                #expect((config.json[feature] as? [String: Any])?["supported"] as? Bool == true, "\(feature)")
            }
            #expect((config.json["filter"] as? [String: Any])?["maxResults"] as? Int == 200)
            let types = try await scim.send("GET", "\(base)/ResourceTypes")
            #expect((types.json["Resources"] as? [[String: Any]])?.compactMap { $0["endpoint"] as? String } == ["/Users", "/Groups"])
            let group = try await scim.send("GET", "\(base)/ResourceTypes/Group")
            #expect(group.json["schema"] as? String == Self.groupSchema)
            let userSchema = try await scim.send("GET", "\(base)/Schemas/\(SCIMUserTests.userSchema)")
            let userAttributes = (userSchema.json["attributes"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
            #expect(userAttributes.contains("userName") && userAttributes.contains("emails") && userAttributes.contains("active"))
            let groupSchema = try await scim.send("GET", "\(base)/Schemas/\(Self.groupSchema)")
            #expect((groupSchema.json["attributes"] as? [[String: Any]])?.compactMap { $0["name"] as? String } == ["displayName", "members"])
        }
    }

    @Test(arguments: ServerMode.allCases) func groupsAreCreatedPatchedAsDirectoriesSendAndDeleted(mode: ServerMode) async throws {
        try await RunningServer.withRealm(mode) { server, realm in
            let (scim, base) = try await SCIMDiscoveryTests.scimClient(server, realm)
            let grace = try await Self.createUser(scim, base, "grace")
            let alan = try await Self.createUser(scim, base, "alan")
            #expect(try server.outboxMails().isEmpty, "the realm's scim_enrollment is none: no link is mailed")

            let created = try await scim.send("POST", "\(base)/Groups", json: Self.newGroup("engineering", members: [grace], externalID: "g-1"))
            #expect(created.status == 201 && created.header("ETag") == #"W/"1""#, "\(created.json)")
            let id = try #require(created.json["id"] as? String)
            #expect(created.header("Location") == "\(server.baseURL)\(base)/Groups/\(id)")
            #expect(created.json["displayName"] as? String == "engineering" && created.json["externalId"] as? String == "g-1")
            let member = try #require((created.json["members"] as? [[String: Any]])?.first)
            #expect(member["value"] as? String == grace && member["$ref"] as? String == "\(server.baseURL)\(base)/Users/\(grace)")
            #expect((created.json["meta"] as? [String: Any])?["resourceType"] as? String == "Group")

            // Entra ID adds and removes members by value; Okta renames with the id repeated.
            let group = "\(base)/Groups/\(id)"
            let added = try await scim.send("PATCH", group, json: SCIMUserTests.patch([
                ["op": "Add", "path": "members", "value": [["value": alan], ["value": grace]]],
            ]))
            #expect(added.status == 200 && Self.memberIDs(added.json) == [alan, grace].sorted(), "\(added.json)")
            #expect(added.header("ETag") == #"W/"2""#)
            let removed = try await scim.send("PATCH", group, json: SCIMUserTests.patch([
                ["op": "Remove", "path": "members", "value": [["value": grace]]],
            ]))
            #expect(Self.memberIDs(removed.json) == [alan], "\(removed.json)")
            let filtered = try await scim.send("PATCH", group, json: SCIMUserTests.patch([
                ["op": "add", "path": "members", "value": [["value": grace]]],
                ["op": "remove", "path": "members[value eq \"\(alan)\"]"],
            ]))
            #expect(Self.memberIDs(filtered.json) == [grace], "\(filtered.json)")
            let renamed = try await scim.send("PATCH", group, json: SCIMUserTests.patch([
                ["op": "replace", "value": ["id": id, "displayName": "platform"]],
            ]))
            #expect(renamed.json["displayName"] as? String == "platform" && Self.memberIDs(renamed.json) == [grace], "\(renamed.json)")
            let replaced = try await scim.send(
                "PUT", group, json: Self.newGroup("platform", members: [alan]), headers: ["If-Match": #"W/"5""#])
            #expect(replaced.status == 200 && Self.memberIDs(replaced.json) == [alan] && replaced.json["externalId"] == nil)

            // Lists filter on the name and on members.
            _ = try await scim.send("POST", "\(base)/Groups", json: Self.newGroup("sales", members: [grace]))
            let byName = try await scim.send("GET", "\(base)/Groups?filter=" + "displayName eq \"platform\"".addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)
            #expect((byName.json["Resources"] as? [[String: Any]])?.compactMap { $0["id"] as? String } == [id], "\(byName.json)")
            let byMember = try await scim.send("GET", "\(base)/Groups?filter=" + "members.value eq \"\(grace)\"".addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)
            #expect((byMember.json["Resources"] as? [[String: Any]])?.compactMap { $0["displayName"] as? String } == ["sales"])
            #expect(try await scim.send("GET", "\(base)/Groups").json["totalResults"] as? Int == 2)

            // The errors a directory meets.
            SCIMDiscoveryTests.expectError(
                try await scim.send("POST", "\(base)/Groups", json: Self.newGroup("sales")), status: 409, scimType: "uniqueness")
            SCIMDiscoveryTests.expectError(
                try await scim.send("POST", "\(base)/Groups", json: ["schemas": [Self.groupSchema]]), status: 400, scimType: "invalidValue")
            SCIMDiscoveryTests.expectError(
                try await scim.send("POST", "\(base)/Groups", json: Self.newGroup("ghosts", members: ["idn_nobody"])),
                status: 400, scimType: "invalidValue")
            SCIMDiscoveryTests.expectError(
                try await scim.send("PATCH", group, json: SCIMUserTests.patch([["op": "replace", "path": "owner", "value": "x"]])),
                status: 400, scimType: "invalidPath")
            SCIMDiscoveryTests.expectError(
                try await scim.send("PATCH", group, json: SCIMUserTests.patch([["op": "remove", "path": "displayName"]])),
                status: 400, scimType: "mutability")
            SCIMDiscoveryTests.expectError(try await scim.send("DELETE", group, headers: ["If-Match": #"W/"1""#]), status: 412)

            // Another realm's token neither sees nor changes the group, nor puts its users in it.
            let other = try await server.admin.created(
                AdminAPI.realms(tenant: realm.tenantID), ["display_name": "Staff", "registration_redirect_uri": "https://staff.example/bind"])
            let otherRealm = try #require(other["id"] as? String)
            let otherToken = try await server.admin.created(
                AdminAPI.provisioningTokens(tenant: realm.tenantID, realm: otherRealm), ["label": "staff directory"])
            let otherSCIM = server.client(bearer: try #require(otherToken["token"] as? String))
            let otherBase = SCIMProvisioningTokenTests.base(realm.tenantID, otherRealm)
            SCIMDiscoveryTests.expectError(try await otherSCIM.send("GET", "\(otherBase)/Groups/\(id)"), status: 404)
            SCIMDiscoveryTests.expectError(try await otherSCIM.send("DELETE", "\(otherBase)/Groups/\(id)"), status: 404)
            SCIMDiscoveryTests.expectError(
                try await otherSCIM.send("POST", "\(otherBase)/Groups", json: Self.newGroup("mixed", members: [grace])),
                status: 400, scimType: "invalidValue")

            #expect(try await scim.send("DELETE", group).status == 204)
            SCIMDiscoveryTests.expectError(try await scim.send("GET", group), status: 404)

            // A deleted user is no member any more, for SCIM and the admin API alike.
            let sales = try #require(byMember.json["Resources"] as? [[String: Any]]).first?["id"] as? String
            #expect(try await scim.send("DELETE", "\(base)/Users/\(grace)").status == 204)
            #expect(Self.memberIDs(try await scim.send("GET", "\(base)/Groups/\(try #require(sales))").json) == [])
            let deleted = try await server.admin.send("GET", AdminAPI.identity(tenant: realm.tenantID, realm: realm.realmID, identity: grace))
            #expect(deleted.json["status"] as? String == "deleted" && (deleted.json["groups"] as? [Any])?.isEmpty == true)

            // Every change audited, naming the provisioning token.
            let events = try await server.admin.send("GET", AdminAPI.page(AdminAPI.auditEvents, size: 1000, cursor: nil))
            let types = (events.json["items"] as? [[String: Any]] ?? []).compactMap { $0["type"] as? String }.filter { $0.hasPrefix("scim.group.") }
            #expect(types.filter { $0 == "scim.group.created" }.count == 2 && types.contains("scim.group.deleted"))
            #expect(types.filter { $0 == "scim.group.updated" }.count == 5)
        }
    }

    /// The issue's story: a user and a group provisioned by SCIM; the realm mails the user its
    /// enrollment link; the user enrolls a device with it and signs in: the ID token, userinfo
    /// and introspection name the group. A second group shows
    /// after a refresh; the first deleted is gone from the next answers; the user deactivated,
    /// the device's refresh and userinfo are refused.
    /// However many groups a directory puts a user in, the claim names at most 8 KiB of them,
    /// the first by name, so the ID token stays one the server itself reads back as a logout hint
    /// (70 groups of 256-character names once made a 25 KB token that logout refused).
    @Test func theGroupsClaimIsBoundedSoLogoutStillReadsTheIDToken() async throws {
        try await RunningServer.withEnrolledDevice(.router) { server, realm, device in
            let (scim, base) = try await SCIMDiscoveryTests.scimClient(server, realm)
            for index in 0..<70 {
                let name = String(format: "%02d", index) + String(repeating: "g", count: 254)
                #expect(try await scim.send("POST", "\(base)/Groups", json: Self.newGroup(name, members: [realm.identityID])).status == 201)
            }
            _ = try await server.admin.send(
                "PATCH", try await realm.adminPath(of: realm.confidential), json: ["allowed_scopes": ["openid", "profile", "groups"]])
            let party = TestRelyingParty(application: realm.confidential, server: server)
            let tokens = try await party.exchange(try await party.signIn(with: device, ["scope": "openid groups"]))
            let idToken = try #require(tokens.json["id_token"] as? String)
            let groups = try #require(try await party.verifyIDToken(idToken).groups)
            #expect(groups.count == 8 * 1024 / 256 && groups.first?.hasPrefix("00") == true && groups.last?.hasPrefix("31") == true)
            #expect(idToken.utf8.count < 16 * 1024, "\(idToken.utf8.count) bytes")
            let logout = try await party.post(ProviderPath.endSession, ["id_token_hint": idToken])
            #expect(logout.status == 200 && logout.json["signed_out"] as? Bool == true,
                    "the server reads its own ID token back: \(logout.status) \(logout.json)")
        }
    }

    @Test(arguments: ServerMode.allCases) func provisionedGroupsReachTheRelyingParty(mode: ServerMode) async throws {
        try await RunningServer.withRealm(mode) { server, realm in
            let (scim, base) = try await SCIMDiscoveryTests.scimClient(server, realm)
            let enrolling = try await server.admin.send("PATCH", realm.realmPath, json: ["scim_enrollment": "email"])
            #expect(enrolling.status == 200 && enrolling.json["scim_enrollment"] as? String == "email", "\(enrolling.json)")
            // Only an active user with an email is mailed a link.
            var suspended = SCIMUserTests.newUser("hopper", email: "hopper@example.com")
            suspended["active"] = false
            #expect(try await scim.send("POST", "\(base)/Users", json: suspended).status == 201)
            #expect(try await scim.send("POST", "\(base)/Users", json: SCIMUserTests.newUser("nomail")).status == 201)
            let grace = try await Self.createUser(scim, base, "grace")
            let engineering = try await scim.send("POST", "\(base)/Groups", json: Self.newGroup("engineering", members: [grace]))
            let engineeringID = try #require(engineering.json["id"] as? String)

            let mail = try await server.mail(to: "grace@example.com")
            #expect(try server.outboxMails().count == 1, "one link, to the one active user with an email")
            let link = try #require(
                mail.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
                    .first { $0.hasPrefix("http") && $0.contains(DeviceAPI.enrollmentLink) }, "\(mail)")
            var device = TestDevice()
            let enrolled = try await device.enroll(link: link, server: server)
            try #require(enrolled.status == 201, "\(enrolled.json)")
            let allowed = try await server.admin.send(
                "PATCH", try await realm.adminPath(of: realm.confidential), json: ["allowed_scopes": ["openid", "profile", "groups"]])
            #expect(allowed.status == 200, "\(allowed.json)")
            let party = TestRelyingParty(application: realm.confidential, server: server)
            let tokens = try await party.exchange(try await party.signIn(with: device, ["scope": "openid groups"]))
            #expect(tokens.status == 200 && tokens.json["scope"] as? String == "openid groups", "\(tokens.json)")
            let claims = try await party.verifyIDToken(try #require(tokens.json["id_token"] as? String))
            #expect(claims.sub.value == grace && claims.groups == ["engineering"])
            let accessToken = try #require(tokens.json["access_token"] as? String)
            let refreshToken = try #require(tokens.json["refresh_token"] as? String)
            let userinfo = realm.confidential.issuer + ProviderPath.userinfo
            #expect(try await server.client(bearer: accessToken).send("GET", userinfo).json["groups"] as? [String] == ["engineering"])
            let introspected = try await party.post(ProviderPath.introspection, ["token": accessToken])
            #expect(introspected.json["active"] as? Bool == true && introspected.json["groups"] as? [String] == ["engineering"])
            #expect(try await party.post(ProviderPath.introspection, ["token": refreshToken]).json["groups"] as? [String] == ["engineering"])

            // Without the scope, no claim.
            let plain = try await party.exchange(try await party.signIn(with: device, ["scope": "openid profile"]))
            let plainClaims = try await party.verifyIDToken(try #require(plain.json["id_token"] as? String))
            #expect(plainClaims.groups == nil)
            let plainAccess = try #require(plain.json["access_token"] as? String)
            #expect(try await server.client(bearer: plainAccess).send("GET", userinfo).json["groups"] == nil)

            // A second group shows in the refreshed ID token; the first, deleted, is gone.
            _ = try await scim.send("POST", "\(base)/Groups", json: Self.newGroup("R&D <admins>", members: [grace]))
            #expect(try await scim.send("DELETE", "\(base)/Groups/\(engineeringID)").status == 204)
            let refreshed = try await party.post(ProviderPath.token, ["grant_type": "refresh_token", "refresh_token": refreshToken])
            #expect(refreshed.status == 200, "\(refreshed.json)")
            let refreshedClaims = try await party.verifyIDToken(try #require(refreshed.json["id_token"] as? String), checkNonce: false)
            #expect(refreshedClaims.groups == ["R&D <admins>"])
            #expect(try await server.client(bearer: accessToken).send("GET", userinfo).json["groups"] as? [String] == ["R&D <admins>"])

            // The admin API and the console show the identity's groups (the console escaping the name).
            let shown = try await server.admin.send("GET", AdminAPI.identity(tenant: realm.tenantID, realm: realm.realmID, identity: grace))
            #expect((shown.json["groups"] as? [[String: Any]])?.compactMap { $0["display_name"] as? String } == ["R&D <admins>"])
            let browser = ConsoleBrowser(server: server)
            try await browser.signIn(server.adminToken)
            try await browser.get("/tenants/\(realm.tenantID)/realms/\(realm.realmID)/identities/\(grace)")
            #expect(await browser.page.contains(#"<span class="state">R&amp;D &lt;admins&gt;</span>"#))

            // Deactivated by the directory: the device's refresh and userinfo are refused.
            let newRefresh = try #require(refreshed.json["refresh_token"] as? String)
            let deactivated = try await scim.send(
                "PATCH", "\(base)/Users/\(grace)", json: SCIMUserTests.patch([["op": "replace", "path": "active", "value": false]]))
            #expect(deactivated.status == 200 && deactivated.json["active"] as? Bool == false)
            #expect(try await server.client(bearer: accessToken).send("GET", userinfo).status == 401)
            let refused = try await party.post(ProviderPath.token, ["grant_type": "refresh_token", "refresh_token": newRefresh])
            #expect(refused.status == 400 && refused.error == "invalid_grant")

            // Discovery names the scope and the claim.
            let metadata = try await party.metadata()
            #expect(metadata.scopesSupported.contains("groups") == true && metadata.claimsSupported.contains("groups") == true)
        }
    }
}
