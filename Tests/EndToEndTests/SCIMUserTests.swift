import Foundation
import IdentityProtocol
import Testing
import ServerTestSupport

/// `/Users` of a realm's SCIM service (RFC 7644 §3.3–§3.6, §3.14): what Entra ID and Okta send,
/// and every error they may meet, over the router and a live server.
@Suite struct SCIMUserTests {
    static let userSchema = "urn:ietf:params:scim:schemas:core:2.0:User"
    static let patchSchema = "urn:ietf:params:scim:api:messages:2.0:PatchOp"

    static func newUser(_ userName: String, email: String? = nil, externalID: String? = nil) -> [String: Any] {
        var user: [String: Any] = [
            "schemas": [userSchema], "userName": userName, "name": ["givenName": "Grace", "familyName": "Hopper"], "active": true,
        ]
        if let email { user["emails"] = [["value": email, "type": "work", "primary": true]] }
        user["externalId"] = externalID
        return user
    }

    static func patch(_ operations: [[String: Any]]) -> [String: Any] { ["schemas": [patchSchema], "Operations": operations] }

    @Test(arguments: ServerMode.allCases) func createReadReplaceDelete(mode: ServerMode) async throws {
        try await RunningServer.withRealm(mode) { server, realm in
            let (scim, base) = try await SCIMDiscoveryTests.scimClient(server, realm)
            let created = try await scim.send("POST", "\(base)/Users", json: Self.newUser("grace", email: "grace@example.com", externalID: "e-7"))
            #expect(created.status == 201, "\(created.json)")
            #expect(created.header("Content-Type") == "application/scim+json")
            let id = try #require(created.json["id"] as? String)
            #expect(Array(id.utf8)[14] == UInt8(ascii: "4"), "a random (version 4) id: \(id)")
            let location = "\(server.baseURL)\(base)/Users/\(id)"
            #expect(created.header("Location") == location)
            #expect(created.header("ETag") == #"W/"1""#)
            let meta = try #require(created.json["meta"] as? [String: Any])
            #expect(meta["resourceType"] as? String == "User" && meta["location"] as? String == location)
            #expect(meta["version"] as? String == #"W/"1""# && meta["created"] is String && meta["lastModified"] is String)
            // No displayName was sent: the identity's is made from `name`, the resource has none (RFC 7643 §2.5).
            #expect(created.json["externalId"] as? String == "e-7" && created.json["displayName"] == nil)
            #expect(created.json["active"] as? Bool == true)

            // The identity is the realm's, as the admin API shows it.
            let identity = try await server.admin.send("GET", AdminAPI.identity(tenant: realm.tenantID, realm: realm.realmID, identity: id))
            #expect(identity.json["username"] as? String == "grace" && identity.json["email"] as? String == "grace@example.com")
            #expect(identity.json["display_name"] as? String == "Grace Hopper" && identity.json["status"] as? String == "active")

            let read = try await scim.send("GET", "\(base)/Users/\(id)")
            #expect(read.status == 200 && read.header("ETag") == #"W/"1""# && read.json["userName"] as? String == "grace")
            let emails = try #require(read.json["emails"] as? [[String: Any]])
            #expect(emails.first?["value"] as? String == "grace@example.com")
            let projected = try await scim.send("GET", "\(base)/Users/\(id)?attributes=userName,name.givenName")
            #expect(Set(projected.json.keys) == ["id", "schemas", "userName", "name"], "\(projected.json)")
            #expect((projected.json["name"] as? [String: Any])?.keys.sorted() == ["givenName"])
            let excluded = try await scim.send("GET", "\(base)/Users/\(id)?excludedAttributes=emails,meta")
            #expect(excluded.json["emails"] == nil && excluded.json["meta"] == nil && excluded.json["userName"] as? String == "grace")

            // PUT replaces; If-Match must name the current version.
            var replacement = Self.newUser("grace.hopper", email: "ghopper@example.com", externalID: "e-7")
            replacement["displayName"] = "Rear Admiral Hopper"
            SCIMDiscoveryTests.expectError(
                try await scim.send("PUT", "\(base)/Users/\(id)", json: replacement, headers: ["If-Match": #"W/"9""#]), status: 412)
            let replaced = try await scim.send("PUT", "\(base)/Users/\(id)", json: replacement, headers: ["If-Match": #"W/"1""#])
            #expect(replaced.status == 200 && replaced.header("ETag") == #"W/"2""#, "\(replaced.json)")
            #expect(replaced.json["userName"] as? String == "grace.hopper" && replaced.json["displayName"] as? String == "Rear Admiral Hopper")
            let renamed = try await server.admin.send("GET", AdminAPI.identity(tenant: realm.tenantID, realm: realm.realmID, identity: id))
            #expect(renamed.json["username"] as? String == "grace.hopper" && renamed.json["email"] as? String == "ghopper@example.com")

            // DELETE: 204, then gone; the identity is deleted as the admin API deletes one.
            SCIMDiscoveryTests.expectError(
                try await scim.send("DELETE", "\(base)/Users/\(id)", headers: ["If-Match": #"W/"1""#]), status: 412)
            let deleted = try await scim.send("DELETE", "\(base)/Users/\(id)")
            #expect(deleted.status == 204)
            SCIMDiscoveryTests.expectError(try await scim.send("GET", "\(base)/Users/\(id)"), status: 404)
            SCIMDiscoveryTests.expectError(try await scim.send("DELETE", "\(base)/Users/\(id)"), status: 404)
            let gone = try await server.admin.send("GET", AdminAPI.identity(tenant: realm.tenantID, realm: realm.realmID, identity: id))
            #expect(gone.json["status"] as? String == "deleted")

            // Every change audited, naming the provisioning token.
            let events = try await server.admin.send("GET", AdminAPI.page(AdminAPI.auditEvents, size: 1000, cursor: nil))
            let scimEvents = (events.json["items"] as? [[String: Any]] ?? []).filter { ($0["type"] as? String)?.hasPrefix("scim.user.") == true }
            #expect(Set(scimEvents.compactMap { $0["type"] as? String }) == ["scim.user.created", "scim.user.updated", "scim.user.deleted"])
            for event in scimEvents {
                let detail = (event["detail"] as? String).flatMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
                #expect((detail?["provisioning_token_id"] as? String)?.isEmpty == false, "\(event)")
                #expect(event["subject_id"] as? String == id)
            }
        }
    }

    @Test(arguments: ServerMode.allCases) func patchAsEntraAndOktaSendIt(mode: ServerMode) async throws {
        try await RunningServer.withRealm(mode) { server, realm in
            let (scim, base) = try await SCIMDiscoveryTests.scimClient(server, realm)
            let created = try await scim.send("POST", "\(base)/Users", json: Self.newUser("alan", email: "alan@example.com"))
            let id = try #require(created.json["id"] as? String)
            let user = "\(base)/Users/\(id)"

            // Entra ID: capitalised ops, paths, the work email through a filter, a string boolean.
            let entra = try await scim.send("PATCH", user, json: Self.patch([
                ["op": "Replace", "path": "displayName", "value": "Alan Turing"],
                ["op": "Replace", "path": #"emails[type eq "work"].value"#, "value": "alan.turing@example.com"],
                ["op": "Add", "path": "name.familyName", "value": "Turing"],
                ["op": "Replace", "path": "active", "value": "True"],
                ["op": "Add", "path": "externalId", "value": "entra-1"],
                ["op": "Add", "path": #"addresses[type eq "work"].locality"#, "value": "Manchester"],
                ["op": "Add", "path": "urn:ietf:params:scim:schemas:extension:enterprise:2.0:User:employeeNumber", "value": "42"],
                ["op": "Replace", "path": "urn:ietf:params:scim:schemas:core:2.0:User:title", "value": "Reader"],
            ]))
            #expect(entra.status == 200 && entra.header("ETag") == #"W/"2""#, "\(entra.json)")
            #expect(entra.json["displayName"] as? String == "Alan Turing" && entra.json["externalId"] as? String == "entra-1")
            #expect((entra.json["name"] as? [String: Any])?["familyName"] as? String == "Turing")
            #expect((entra.json["addresses"] as? [[String: Any]])?.first?["locality"] as? String == "Manchester")
            #expect(entra.json["title"] as? String == "Reader")
            let identity = AdminAPI.identity(tenant: realm.tenantID, realm: realm.realmID, identity: id)
            #expect(try await server.admin.send("GET", identity).json["email"] as? String == "alan.turing@example.com")

            // Okta: no path, a value object; then remove.
            let okta = try await scim.send("PATCH", user, json: Self.patch([
                ["op": "replace", "value": ["active": false, "name.givenName": "A."]],
            ]))
            #expect(okta.status == 200 && okta.json["active"] as? Bool == false, "\(okta.json)")
            #expect((okta.json["name"] as? [String: Any])?["givenName"] as? String == "A.")
            #expect(try await server.admin.send("GET", identity).json["status"] as? String == "suspended")
            let removed = try await scim.send("PATCH", user, json: Self.patch([
                ["op": "remove", "path": "externalId"], ["op": "replace", "value": ["active": true]],
                ["op": "add", "path": #"emails[type eq "home"].value"#, "value": "alan@home.example"],
            ]), headers: ["If-Match": #"W/"3""#])
            #expect(removed.status == 200 && removed.json["externalId"] == nil && removed.json["active"] as? Bool == true)
            #expect((removed.json["emails"] as? [[String: Any]])?.count == 2)
            #expect(try await server.admin.send("GET", identity).json["status"] as? String == "active")

            // The home email's value removed: that email is gone, the work one stays the identity's.
            let homeless = try await scim.send("PATCH", user, json: Self.patch([
                ["op": "remove", "path": #"emails[type eq "home"].value"#]]))
            #expect(homeless.status == 200 && (homeless.json["emails"] as? [[String: Any]])?.count == 1, "\(homeless.json)")
            #expect(try await server.admin.send("GET", identity).json["email"] as? String == "alan.turing@example.com")

            // Errors, each RFC 7644's.
            SCIMDiscoveryTests.expectError(try await scim.send("PATCH", user, json: Self.patch([
                ["op": "replace", "path": "shoeSize", "value": "9"]])), status: 400, scimType: "invalidPath")
            SCIMDiscoveryTests.expectError(try await scim.send("PATCH", user, json: Self.patch([
                ["op": "remove"]])), status: 400, scimType: "noTarget")
            SCIMDiscoveryTests.expectError(try await scim.send("PATCH", user, json: Self.patch([
                ["op": "remove", "path": #"emails[type eq "fax"]"#]])), status: 400, scimType: "noTarget")
            SCIMDiscoveryTests.expectError(try await scim.send("PATCH", user, json: Self.patch([
                ["op": "replace", "path": "active", "value": "maybe"]])), status: 400, scimType: "invalidValue")
            SCIMDiscoveryTests.expectError(try await scim.send("PATCH", user, json: Self.patch([
                ["op": "replace", "path": #"emails[type eq "work"].value"#, "value": "not an address"]])), status: 400, scimType: "invalidValue")
            SCIMDiscoveryTests.expectError(try await scim.send("PATCH", user, json: Self.patch([
                ["op": "replace", "path": "userName", "value": "alan"]]), headers: ["If-Match": #"W/"1""#]), status: 412)
        }
    }

    @Test(arguments: ServerMode.allCases) func listsFilterAndPage(mode: ServerMode) async throws {
        try await RunningServer.withRealm(mode) { server, realm in
            let (scim, base) = try await SCIMDiscoveryTests.scimClient(server, realm)
            for (index, name) in ["ann", "bob", "bea", "cid"].enumerated() {
                let created = try await scim.send(
                    "POST", "\(base)/Users", json: Self.newUser(name, email: "\(name)@example.com", externalID: "x-\(index)"))
                #expect(created.status == 201)
            }
            // The realm's own identity (made by the admin API) is a user too: 5 in all.
            func names(_ query: String) async throws -> [String] {
                let reply = try await scim.send("GET", "\(base)/Users?\(query)")
                #expect(reply.status == 200 && reply.json["schemas"] as? [String] == ["urn:ietf:params:scim:api:messages:2.0:ListResponse"],
                        "\(query): \(reply.json)")
                return (reply.json["Resources"] as? [[String: Any]] ?? []).compactMap { $0["userName"] as? String }
            }
            func filtered(_ filter: String) async throws -> [String] {
                try await names("filter=" + (filter.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""))
            }
            #expect(try await filtered(#"userName eq "bob""#) == ["bob"])
            #expect(try await names(#"filter=userName+eq+%22bob%22"#) == ["bob"], "a query decoded as forms are: + is a space")
            #expect(try await filtered(#"externalId eq "x-2""#) == ["bea"])
            #expect(try await filtered(#"emails.value eq "cid@example.com""#) == ["cid"])
            #expect(try await filtered(#"userName sw "b""#) == ["bob", "bea"])
            #expect(try await filtered(#"userName co "n" and externalId pr"#) == ["ann"])
            #expect(try await filtered(#"userName eq "ann" or userName eq "cid" and active eq true"#) == ["ann", "cid"])
            #expect(try await filtered(#"externalId pr and userName ne "bob""#) == ["ann", "bea", "cid"])
            #expect(try await filtered(#"meta.lastModified gt "2000-01-01T00:00:00Z" and userName eq "ann""#) == ["ann"])
            #expect(try await filtered(#"meta.lastModified gt "2999-01-01T00:00:00Z""#) == [])
            _ = try await scim.send("PATCH", "\(base)/Users/\(try await Self.id(of: "bea", scim, base))",
                                    json: Self.patch([["op": "replace", "value": ["active": false]]]))
            #expect(try await filtered("active eq false") == ["bea"])

            let page = try await scim.send("GET", "\(base)/Users?filter=externalId%20pr&startIndex=2&count=2&attributes=userName")
            #expect(page.json["totalResults"] as? Int == 4 && page.json["startIndex"] as? Int == 2 && page.json["itemsPerPage"] as? Int == 2)
            let resources = try #require(page.json["Resources"] as? [[String: Any]])
            #expect(resources.compactMap { $0["userName"] as? String } == ["bob", "bea"])
            #expect(resources.allSatisfy { Set($0.keys) == ["id", "schemas", "userName"] })
            #expect(try await names("count=0").isEmpty)
            #expect(try await names("").count == 5)

            for bad in [#"userName is "ann""#, #"userName eq "ann"#, #"(userName eq "ann""#, #"title eq "Dr""#] {
                SCIMDiscoveryTests.expectError(
                    try await scim.send("GET", "\(base)/Users?filter=\(bad.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)"),
                    status: 400, scimType: "invalidFilter")
            }
        }
    }

    /// What a user keeps as sent is bounded in bytes, values and nesting (a page of 200 users of
    /// 16 KiB of empty arrays once took 150 MB to answer); within them it is kept.
    @Test func keptAttributesAreBoundedInSizeValuesAndDepth() async throws {
        try await RunningServer.withRealm(.router) { server, realm in
            let (scim, base) = try await SCIMDiscoveryTests.scimClient(server, realm)
            func create(_ name: String, roles: Any) async throws -> HTTPTestClient.Reply {
                var user = Self.newUser(name)
                user["roles"] = roles
                return try await scim.send("POST", "\(base)/Users", json: user)
            }
            let roles = { (count: Int) in (0..<count).map { ["value": "r\($0)"] } }
            #expect(try await create("many", roles: roles(200)).status == 201)
            SCIMDiscoveryTests.expectError(try await create("toomany", roles: roles(600)), status: 400, scimType: "invalidValue")
            SCIMDiscoveryTests.expectError(
                try await create("dense", roles: Array(repeating: [Any](), count: 1_001)), status: 400, scimType: "invalidValue")
            var nested: Any = "x"
            for _ in 0..<8 { nested = [nested] }
            SCIMDiscoveryTests.expectError(try await create("deep", roles: nested), status: 400, scimType: "invalidValue")
            SCIMDiscoveryTests.expectError(
                try await create("long", roles: [["value": String(repeating: "r", count: 16 * 1024)]]), status: 400, scimType: "invalidValue")
        }
    }

    /// A filter nested past the parser's limit, in a PATCH path (up to the 64 KiB body:
    /// `invalidPath`) or a list's filter (`invalidFilter`), is refused: it once overflowed the
    /// stack and killed the server.
    @Test func deeplyNestedFiltersAreRefusedNotFollowed() async throws {
        try await RunningServer.withRealm(.live) { server, realm in
            let (scim, base) = try await SCIMDiscoveryTests.scimClient(server, realm)
            let created = try await scim.send("POST", "\(base)/Users", json: Self.newUser("ann", email: "ann@example.com", externalID: "x"))
            let user = "\(base)/Users/\(try #require(created.json["id"] as? String))"
            let nested = String(repeating: "(", count: 22_000) + #"a eq "b""# + String(repeating: ")", count: 22_000)
            SCIMDiscoveryTests.expectError(try await scim.send("PATCH", user, json: Self.patch([
                ["op": "remove", "path": "nosuch[\(nested)]"]])), status: 400, scimType: "invalidPath")
            let group = try await scim.send("POST", "\(base)/Groups", json: [
                "schemas": ["urn:ietf:params:scim:schemas:core:2.0:Group"], "displayName": "g"])
            SCIMDiscoveryTests.expectError(try await scim.send("PATCH", "\(base)/Groups/\(try #require(group.json["id"] as? String))",
                json: Self.patch([["op": "remove", "path": "members[\(nested)]"]])), status: 400, scimType: "invalidPath")
            let query = String(repeating: "(", count: 2_000) + #"userName eq "ann""# + String(repeating: ")", count: 2_000)
            SCIMDiscoveryTests.expectError(
                try await scim.send("GET", "\(base)/Users?filter=\(query.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)"),
                status: 400, scimType: "invalidFilter")
            #expect(try await scim.send("GET", user).status == 200, "the server still answers")
        }
    }

    @Test(arguments: ServerMode.allCases) func conflictsValuesAndRealms(mode: ServerMode) async throws {
        try await RunningServer.withRealm(mode) { server, realm in
            let (scim, base) = try await SCIMDiscoveryTests.scimClient(server, realm)
            #expect(try await scim.send("POST", "\(base)/Users", json: Self.newUser("kay")).status == 201)
            SCIMDiscoveryTests.expectError(
                try await scim.send("POST", "\(base)/Users", json: Self.newUser("kay")), status: 409, scimType: "uniqueness")
            SCIMDiscoveryTests.expectError(
                try await scim.send("POST", "\(base)/Users", json: ["schemas": [Self.userSchema]]), status: 400, scimType: "invalidValue")
            SCIMDiscoveryTests.expectError(
                try await scim.send("POST", "\(base)/Users", json: Self.newUser("lin", email: "nope")), status: 400, scimType: "invalidValue")
            SCIMDiscoveryTests.expectError(
                try await scim.send("POST", "\(base)/Users", json: ["userName": "max", "active": 3]), status: 400, scimType: "invalidValue")
            let other = try await scim.send("POST", "\(base)/Users", json: Self.newUser("lee"))
            let otherID = try #require(other.json["id"] as? String)
            SCIMDiscoveryTests.expectError(
                try await scim.send("PUT", "\(base)/Users/\(otherID)", json: Self.newUser("kay")), status: 409, scimType: "uniqueness")

            // Another realm's token sees none of these users, nor can it touch them.
            let staff = try await server.admin.created(AdminAPI.realms(tenant: realm.tenantID), [
                "display_name": "Staff", "registration_redirect_uri": TestRealm.registrationRedirect,
            ])
            let staffID = try #require(staff["id"] as? String)
            let token = try await server.admin.created(
                AdminAPI.provisioningTokens(tenant: realm.tenantID, realm: staffID), ["label": "staff directory"])
            let staffSCIM = server.client(bearer: try #require(token["token"] as? String))
            let staffBase = SCIMProvisioningTokenTests.base(realm.tenantID, staffID)
            let listed = try await staffSCIM.send("GET", "\(staffBase)/Users")
            #expect(listed.status == 200 && listed.json["totalResults"] as? Int == 0, "\(listed.json)")
            SCIMDiscoveryTests.expectError(try await staffSCIM.send("GET", "\(staffBase)/Users/\(otherID)"), status: 404)
            SCIMDiscoveryTests.expectError(try await staffSCIM.send("DELETE", "\(staffBase)/Users/\(otherID)"), status: 404)
            SCIMDiscoveryTests.expectError(try await staffSCIM.send("GET", "\(base)/Users/\(otherID)"), status: 401)
            #expect(try await scim.send("GET", "\(base)/Users/\(otherID)").status == 200)
        }
    }

    /// A device signs in; the directory suspends its user: the device's refresh and userinfo
    /// are refused at once; reinstated, it signs in again.
    @Test(arguments: ServerMode.allCases) func suspensionStopsTheUsersSessions(mode: ServerMode) async throws {
        try await RunningServer.withEnrolledDevice(mode) { server, realm, device in
            let (scim, base) = try await SCIMDiscoveryTests.scimClient(server, realm)
            let party = TestRelyingParty(application: realm.confidential, server: server)
            let tokens = try await party.exchange(try await party.signIn(with: device, ["scope": "openid profile email offline_access"]))
            let accessToken = try #require(tokens.json["access_token"] as? String)
            let refreshToken = try #require(tokens.json["refresh_token"] as? String, "\(tokens.json)")
            let userinfo = realm.confidential.issuer + ProviderPath.userinfo
            #expect(try await server.client(bearer: accessToken).send("GET", userinfo).status == 200)

            let user = "\(base)/Users/\(realm.identityID)"
            let suspended = try await scim.send("PATCH", user, json: Self.patch([["op": "replace", "value": ["active": false]]]))
            #expect(suspended.status == 200 && suspended.json["active"] as? Bool == false, "\(suspended.json)")
            #expect(try await server.client(bearer: accessToken).send("GET", userinfo).status == 401)
            let refreshed = try await party.post(ProviderPath.token, ["grant_type": "refresh_token", "refresh_token": refreshToken])
            #expect(refreshed.status == 400 && refreshed.error == "invalid_grant", "\(refreshed.json)")
            let refused = try await device.authenticate(invokeURL: try #require(try await party.authorize().location), server: server)
            #expect(refused.status == 403 && refused.error == "identity_inactive")

            let reinstated = try await scim.send("PATCH", user, json: Self.patch([["op": "replace", "path": "active", "value": true]]))
            #expect(reinstated.status == 200 && reinstated.json["active"] as? Bool == true)
            #expect(try await device.authenticate(invokeURL: try #require(try await party.authorize().location), server: server).status == 200)

            // Deleted through SCIM: its credential is revoked.
            #expect(try await scim.send("DELETE", user).status == 204)
            let revoked = try await device.authenticate(invokeURL: try #require(try await party.authorize().location), server: server)
            #expect(revoked.status == 403, "\(revoked.json)")
        }
    }

    private static func id(of userName: String, _ scim: HTTPTestClient, _ base: String) async throws -> String {
        let reply = try await scim.send("GET", "\(base)/Users?filter=userName%20eq%20%22\(userName)%22")
        return try #require((reply.json["Resources"] as? [[String: Any]])?.first?["id"] as? String)
    }
}
