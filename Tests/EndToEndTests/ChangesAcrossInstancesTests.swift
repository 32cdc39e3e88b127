import Foundation
import IdentityProtocol
import ServerTestSupport
import Testing
import TestProcessSupport

extension SeveralInstancesTests {
    /// Changes made through one of three instances, while the mixed load runs through the balancer,
    /// as the other two see them. What every request reads from the database (credentials,
    /// identities, admin and provisioning tokens, webhook endpoints) is refused by the others at the
    /// first request after the change was answered; what instances keep in memory (a realm's
    /// signing keys, an application) is dropped when the changing instance's notification arrives,
    /// and at the latest when the entry lapses. The windows are printed.
    @Suite(.enabled(if: TestDatabase.url != nil, "BI_TEST_DATABASE_URL is not set"))
    struct ChangesAcrossInstancesTests {
        @Test(.timeLimit(.minutes(10))) func changesThroughOneInstanceAreSeenByTheOthers() async throws {
            try await MixedLoad.with { load in
                let running = Task { try await load.run() }
                let (changing, others) = (load.servers.instance(0), [load.servers.instance(1), load.servers.instance(2)])
                let realm = load.realm
                var windows: [String] = []

                // A credential revoked, an identity suspended: never signed in again anywhere.
                var revoked = TestDevice()
                try #require(try await revoked.enroll(link: try await realm.enrollmentLink(), server: changing).status == 201)
                for other in others { #expect(try await Self.signIn(revoked, realm, other) == 200) }
                try await changing.admin.expect(200, "POST", AdminAPI.revokeCredential(
                    tenant: realm.tenantID, realm: realm.realmID, identity: realm.identityID, credential: revoked.credentialID))
                for other in others { #expect(try await Self.signIn(revoked, realm, other) != 200, "a revoked credential signs in") }

                let person = try await changing.admin.created(
                    AdminAPI.identities(tenant: realm.tenantID, realm: realm.realmID), ["username": "grace"])
                let personID = try #require(person["id"] as? String)
                var suspended = TestDevice()
                try #require(try await suspended.enroll(link: try await realm.enrollmentLink(for: personID), server: changing).status == 201)
                for other in others { #expect(try await Self.signIn(suspended, realm, other) == 200) }
                try await changing.admin.expect(
                    200, "PATCH", AdminAPI.identity(tenant: realm.tenantID, realm: realm.realmID, identity: personID), json: ["status": "suspended"])
                for other in others { #expect(try await Self.signIn(suspended, realm, other) != 200, "a suspended identity signs in") }

                // An admin token and a provisioning token revoked: refused at once.
                let token = try await changing.admin.created(AdminAPI.tokens, ["label": "script"])
                let (tokenID, secret) = (try #require(token["id"] as? String), try #require(token["token"] as? String))
                for other in others { #expect(try await other.client(bearer: secret).send("GET", AdminAPI.tenants).status == 200) }
                try await changing.admin.expect(200, "POST", AdminAPI.revokeToken(tokenID))
                for other in others { #expect(try await other.client(bearer: secret).send("GET", AdminAPI.tenants).status == 401) }

                let provisioning = try await changing.admin.created(
                    AdminAPI.provisioningTokens(tenant: realm.tenantID, realm: realm.realmID), ["label": "directory"])
                let users = try #require(provisioning["scim_base_url"] as? String) + "/Users"
                let bearer = try #require(provisioning["token"] as? String)
                for other in others { #expect(try await other.client(bearer: bearer).send("GET", users).status == 200) }
                try await changing.admin.expect(200, "POST", AdminAPI.revokeProvisioningToken(
                    tenant: realm.tenantID, realm: realm.realmID, token: try #require(provisioning["id"] as? String)))
                for other in others { #expect(try await other.client(bearer: bearer).send("GET", users).status == 401) }

                // A webhook endpoint disabled: no event after it is queued for it, whichever instance records it.
                let hook = try await changing.admin.created(
                    AdminAPI.webhooks(tenant: realm.tenantID), ["url": load.receiver.url("/off"), "events": ["identity.created"]])
                let hookID = try #require(hook["id"] as? String)
                try await changing.admin.expect(200, "PATCH", AdminAPI.webhook(tenant: realm.tenantID, webhook: hookID), json: ["enabled": false])
                var late: Set<String> = []
                for (index, other) in others.enumerated() {
                    let created = try await other.admin.created(
                        AdminAPI.identities(tenant: realm.tenantID, realm: realm.realmID), ["username": "late-\(index)"])
                    late.insert(try #require(created["id"] as? String))
                }
                // Deliveries are queued with their event, in its transaction: none for these, now or later.
                let lateEvents = Set(try await changing.admin.allItems(AdminAPI.auditEvents).compactMap { event in
                    late.contains(event["subject_id"] as? String ?? "") && event["type"] as? String == "admin.identity.created"
                        ? event["id"] as? String : nil
                })
                #expect(lateEvents.count == 2)
                let queued = try await changing.admin.allItems(AdminAPI.webhookDeliveries(tenant: realm.tenantID, webhook: hookID))
                #expect(Set(queued.compactMap { $0["message_id"] as? String }).isDisjoint(with: lateEvents), "\(queued)")

                // A realm's keys rotated: each other instance publishes the new key once the notification arrives.
                let jwks = String(realm.confidential.issuer.dropFirst(load.servers.baseURL.count)) + ProviderPath.jwks
                for other in others { _ = try await other.client().send("GET", jwks) }
                let rotated = try await changing.admin.send("POST", AdminAPI.rotateSigningKeys(tenant: realm.tenantID, realm: realm.realmID))
                let answered = ContinuousClock.now
                let keys = try #require(try JSONSerialization.jsonObject(with: rotated.body) as? [[String: Any]])
                let next = try #require(keys.first { $0["status"] as? String == "next" }?["kid"] as? String)
                for (index, other) in others.enumerated() {
                    try await eventually(within: .seconds(30), "instance \(index + 1) publishing the rotated key") {
                        String(decoding: try await other.client().send("GET", jwks).body, as: UTF8.self).contains(next) ? () : nil
                    }
                    windows.append("rotated key published by instance \(index + 1) after \(ContinuousClock.now - answered)")
                }

                // A redirect URI removed: refused by each other instance once the notification arrives.
                let application = try await realm.adminPath(of: realm.confidential)
                let extra = "https://app.example/other"
                try await changing.admin.expect(200, "PATCH", application, json: ["redirect_uris": [TestRealm.callback, extra]])
                var party = TestRelyingParty(application: realm.confidential, server: others[0])
                party.redirectURI = extra
                try await eventually(within: .seconds(30), "the new redirect URI accepted") {
                    try await party.authorize().status == 302 ? () : nil
                }
                try await changing.admin.expect(200, "PATCH", application, json: ["redirect_uris": [TestRealm.callback]])
                let removed = ContinuousClock.now
                for (index, other) in others.enumerated() {
                    var party = TestRelyingParty(application: realm.confidential, server: other)
                    party.redirectURI = extra
                    try await eventually(within: .seconds(30), "instance \(index + 1) refusing the removed redirect URI") {
                        try await party.authorize().status == 400 ? () : nil
                    }
                    windows.append("removed redirect URI refused by instance \(index + 1) after \(ContinuousClock.now - removed)")
                }

                _ = try await running.value
                print("changes across instances under load: \(windows.joined(separator: "; "))")
            }
        }

        /// The status of `device`'s sign-in through `instance`: `/authorize`, then the device's answer.
        private static func signIn(_ device: TestDevice, _ realm: TestRealm, _ instance: some TestServer) async throws -> Int {
            let started = try await TestRelyingParty(application: realm.confidential, server: instance).authorize()
            guard let location = started.location else { return started.status }
            return try await device.authenticate(invokeURL: location, server: instance).status
        }
    }
}
