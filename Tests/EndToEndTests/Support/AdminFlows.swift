import Foundation
import IdentityProtocol
import ServerTestSupport
import Testing

/// The admin API's main flows, through every operation of its OpenAPI document and its main
/// refusals, recorded by a ``RecordingClient``: a tenant with a realm, applications of both
/// types, an identity with binding jobs (returned and mailed), lists page by page, the test
/// realm's enrolled credential and a sign-in session, admin tokens (one scoped to a tenant),
/// the audit log, then everything deleted again.
struct AdminFlows {
    let api: RecordingClient
    let server: RunningServer
    let realm: TestRealm
    let device: TestDevice

    func run() async throws {
        try await refusals()
        let tenant = try await tenantAndRealm()
        try await applications(tenant: tenant.id, realm: tenant.realm)
        try await identities(tenant: tenant.id, realm: tenant.realm)
        try await credentialsAndSessions()
        try await tokens(scopedTo: tenant.id)
        try await operators(tenant: tenant.id)
        try await provisioningTokens(tenant: tenant.id, realm: tenant.realm)
        try await webhooks(tenant: tenant.id)
        try await api.expect(200, "GET", AdminAPI.page(AdminAPI.auditEvents, size: 2, cursor: nil))
        try await api.expect(204, "DELETE", AdminAPI.realm(tenant: tenant.id, realm: tenant.realm))
        try await api.expect(204, "DELETE", AdminAPI.tenant(tenant.id))
    }

    /// A provisioning token: created (shown once), listed, read, refused by the admin API,
    /// revoked (twice: no change).
    private func provisioningTokens(tenant: String, realm: String) async throws {
        let list = AdminAPI.provisioningTokens(tenant: tenant, realm: realm)
        try await api.expect(400, "POST", list, json: ["label": "entra", "expires_in": 1])
        let created = try await api.expect(201, "POST", list, json: ["label": "entra", "expires_in": 86_400])
        let id = try #require(created["id"] as? String)
        let token = try #require(created["token"] as? String)
        try await api.with(server.client(bearer: token)).expect(401, "GET", AdminAPI.tenants)
        try await api.expect(200, "GET", AdminAPI.page(list, size: 1, cursor: nil))
        try await api.expect(200, "GET", AdminAPI.provisioningToken(tenant: tenant, realm: realm, token: id))
        try await api.expect(404, "GET", AdminAPI.provisioningToken(tenant: tenant, realm: realm, token: "nope"))
        try await api.expect(200, "POST", AdminAPI.revokeProvisioningToken(tenant: tenant, realm: realm, token: id))
        try await api.expect(200, "POST", AdminAPI.revokeProvisioningToken(tenant: tenant, realm: realm, token: id))
    }

    /// A webhook endpoint (an address that never resolves: attempts fail, which changes no
    /// answer here), changed, its secret rotated, a test event queued, read and replayed, deleted.
    private func webhooks(tenant: String) async throws {
        let list = AdminAPI.webhooks(tenant: tenant)
        try await api.expect(400, "POST", list, json: ["url": "https://hooks.invalid/in", "events": ["no.such_type"]])
        try await api.expect(400, "POST", list, json: ["url": "http://hooks.invalid/in"])
        let created = try await api.expect(201, "POST", list, json: [
            "url": "https://hooks.invalid/in", "events": ["identity.created", "credential.revoked"], "description": "CRM",
        ])
        let webhook = try #require(created["id"] as? String)
        #expect((created["secret"] as? String)?.hasPrefix("whsec_") == true)
        try await api.expect(200, "GET", AdminAPI.page(list, size: 1, cursor: nil))
        try await api.expect(200, "GET", AdminAPI.webhook(tenant: tenant, webhook: webhook))
        try await api.expect(200, "PATCH", AdminAPI.webhook(tenant: tenant, webhook: webhook), json: ["enabled": false])
        try await api.expect(200, "POST", AdminAPI.rotateWebhookSecret(tenant: tenant, webhook: webhook), json: ["overlap_seconds": 60])
        try await api.expect(200, "POST", AdminAPI.rotateWebhookSecret(tenant: tenant, webhook: webhook))
        let test = try await api.expect(202, "POST", AdminAPI.testWebhook(tenant: tenant, webhook: webhook))
        let delivery = try #require(test["id"] as? String)
        try await api.expect(200, "GET", AdminAPI.webhookDeliveries(tenant: tenant, webhook: webhook))
        try await api.expect(200, "GET", AdminAPI.webhookDelivery(tenant: tenant, webhook: webhook, delivery: delivery))
        try await api.expect(404, "GET", AdminAPI.webhookDelivery(tenant: tenant, webhook: webhook, delivery: "nope"))
        try await api.expect(200, "POST", AdminAPI.replayWebhookDelivery(tenant: tenant, webhook: webhook, delivery: delivery))
        try await api.expect(204, "DELETE", AdminAPI.webhook(tenant: tenant, webhook: webhook))
    }

    /// No token, unknown ids, bodies that are not JSON, too large or breaking a rule.
    private func refusals() async throws {
        try await api.with(server.client()).expect(401, "GET", AdminAPI.tenants)
        try await api.expect(404, "GET", AdminAPI.tenant("nope"))
        try await api.expect(400, "GET", AdminAPI.page(AdminAPI.tenants, size: 0, cursor: nil))
        try await api.expect(400, "POST", AdminAPI.tenants, headers: ["Content-Type": "application/json"], body: Data("{".utf8))
        try await api.expect(400, "POST", AdminAPI.tenants, json: ["display_name": ""])
        try await api.expect(
            415, "POST", AdminAPI.tenants, headers: ["Content-Type": "text/plain"], body: Data(#"{"display_name":"x"}"#.utf8))
        try await api.expect(413, "POST", AdminAPI.tenants, json: ["display_name": String(repeating: "x", count: 100_000)])
    }

    /// A tenant and a realm, read, listed a page at a time, changed; the realm's keys rotated.
    private func tenantAndRealm() async throws -> (id: String, realm: String) {
        let tenant = try #require(try await api.expect(201, "POST", AdminAPI.tenants, json: ["display_name": "Conformance"])["id"] as? String)
        let first = try await api.expect(200, "GET", AdminAPI.page(AdminAPI.tenants, size: 1, cursor: nil))
        let cursor = try #require(first["next_cursor"] as? String, "two tenants make two pages")
        try await api.expect(200, "GET", AdminAPI.page(AdminAPI.tenants, size: 1, cursor: cursor))
        try await api.expect(200, "GET", AdminAPI.tenant(tenant))
        try await api.expect(200, "PATCH", AdminAPI.tenant(tenant), json: ["display_name": "Conformance Inc."])

        let created = try await api.expect(201, "POST", AdminAPI.realms(tenant: tenant), json: [
            "display_name": "Staff", "registration_redirect_uri": TestRealm.registrationRedirect,
        ])
        let realmID = try #require(created["id"] as? String)
        try await api.expect(200, "GET", AdminAPI.realms(tenant: tenant))
        try await api.expect(200, "GET", AdminAPI.realm(tenant: tenant, realm: realmID))
        try await api.expect(200, "PATCH", AdminAPI.realm(tenant: tenant, realm: realmID), json: ["display_name": "Employees"])
        try await api.expect(200, "GET", AdminAPI.signingKeys(tenant: tenant, realm: realmID))
        try await api.expect(200, "POST", AdminAPI.rotateSigningKeys(tenant: tenant, realm: realmID))
        return (tenant, realmID)
    }

    /// A public and a confidential application (its secret rotated), and a service; one deleted.
    private func applications(tenant: String, realm: String) async throws {
        let list = AdminAPI.applications(tenant: tenant, realm: realm)
        let signIn: [String: Any] = ["redirect_uris": [TestRealm.callback], "invoke_url": TestRealm.invokeURL]
        let publicApp = try #require(try await api.expect(
            201, "POST", list, json: signIn.merging(["display_name": "Shop", "client_type": "public"]) { $1 })["id"] as? String)
        let confidential = try #require(try await api.expect(
            201, "POST", list, json: signIn.merging(["display_name": "Backend", "client_type": "confidential"]) { $1 })["id"] as? String)
        try await api.expect(201, "POST", list, json: [
            "display_name": "Billing", "client_type": "confidential", "grant_types": ["client_credentials"],
            "allowed_scopes": ["invoices.read"],
        ])
        try await api.expect(200, "GET", AdminAPI.page(list, size: 2, cursor: nil))
        try await api.expect(200, "GET", AdminAPI.application(tenant: tenant, realm: realm, application: publicApp))
        try await api.expect(200, "PATCH", AdminAPI.application(tenant: tenant, realm: realm, application: confidential), json: [
            "allowed_origins": ["https://shop.example"], "dpop_bound_access_tokens": true,
        ])
        try await api.expect(
            200, "POST", AdminAPI.rotateClientSecret(tenant: tenant, realm: realm, application: confidential), json: ["overlap_seconds": 60])
        try await api.expect(200, "POST", AdminAPI.rotateClientSecret(tenant: tenant, realm: realm, application: confidential))
        try await api.expect(400, "POST", AdminAPI.rotateClientSecret(tenant: tenant, realm: realm, application: publicApp))
        try await api.expect(204, "DELETE", AdminAPI.application(tenant: tenant, realm: realm, application: publicApp))
    }

    /// Identities listed a page at a time, changed, a clash, binding jobs of both deliveries,
    /// a suspended identity refused a link, and a deletion that is final.
    private func identities(tenant: String, realm: String) async throws {
        let list = AdminAPI.identities(tenant: tenant, realm: realm)
        let ada = try #require(try await api.expect(
            201, "POST", list, json: ["username": "ada", "email": "ada@example.com", "display_name": "Ada Lovelace"])["id"] as? String)
        let bob = try #require(try await api.expect(201, "POST", list, json: ["username": "bob"])["id"] as? String)
        try await api.expect(409, "POST", list, json: ["username": "ada"])
        let first = try await api.expect(200, "GET", AdminAPI.page(list, size: 1, cursor: nil))
        try await api.expect(200, "GET", AdminAPI.page(list, size: 1, cursor: try #require(first["next_cursor"] as? String)))
        try await api.expect(200, "GET", AdminAPI.identity(tenant: tenant, realm: realm, identity: ada))
        try await api.expect(200, "PATCH", AdminAPI.identity(tenant: tenant, realm: realm, identity: ada), json: ["display_name": "Ada"])

        let jobs = AdminAPI.bindingJobs(tenant: tenant, realm: realm, identity: ada)
        let returned = try await api.expect(201, "POST", jobs, json: ["delivery": "return", "lifetime_seconds": 600])
        #expect(returned["credential_binding_link"] is String)
        try await api.expect(201, "POST", jobs, json: [:])
        try await api.expect(201, "POST", jobs, json: ["kind": "recovery", "delivery": "return", "keep_other_credentials": true])
        try await api.expect(200, "GET", jobs)
        let job = try #require(returned["id"] as? String)
        try await api.expect(200, "GET", AdminAPI.bindingJob(tenant: tenant, realm: realm, identity: ada, job: job))
        try await api.expect(200, "POST", AdminAPI.revokeBindingJob(tenant: tenant, realm: realm, identity: ada, job: job))
        try await api.expect(409, "POST", AdminAPI.revokeBindingJob(tenant: tenant, realm: realm, identity: ada, job: job))
        try await api.expect(400, "POST", AdminAPI.bindingJobs(tenant: tenant, realm: realm, identity: bob), json: [:])

        try await api.expect(200, "PATCH", AdminAPI.identity(tenant: tenant, realm: realm, identity: bob), json: ["status": "suspended"])
        try await api.expect(403, "POST", AdminAPI.bindingJobs(tenant: tenant, realm: realm, identity: bob), json: ["delivery": "return"])
        try await api.expect(204, "DELETE", AdminAPI.identity(tenant: tenant, realm: realm, identity: bob))
        try await api.expect(409, "DELETE", AdminAPI.identity(tenant: tenant, realm: realm, identity: bob))
        try await api.expect(409, "PATCH", AdminAPI.identity(tenant: tenant, realm: realm, identity: bob), json: ["status": "active"])
    }

    /// The test realm's identity: its enrolled credential, a sign-in session ended, the credential revoked.
    private func credentialsAndSessions() async throws {
        let (t, r, i) = (realm.tenantID, realm.realmID, realm.identityID)
        let relyingParty = TestRelyingParty(application: realm.publicClient, server: server)
        let exchanged = try await relyingParty.exchange(try await relyingParty.signIn(with: device))
        try #require(exchanged.status == 200, "\(exchanged.json)")

        let credentials = try await api.expect(200, "GET", AdminAPI.credentials(tenant: t, realm: r, identity: i))
        #expect((credentials["items"] as? [Any])?.count == 1)
        try await api.expect(200, "GET", AdminAPI.credential(tenant: t, realm: r, identity: i, credential: device.credentialID))
        let sessions = try await api.expect(200, "GET", AdminAPI.page(AdminAPI.sessions(tenant: t, realm: r, identity: i), size: 10, cursor: nil))
        let session = try #require((sessions["items"] as? [[String: Any]])?.first?["id"] as? String)
        try await api.expect(200, "POST", AdminAPI.revokeSession(tenant: t, realm: r, identity: i, session: session))
        try await api.expect(404, "POST", AdminAPI.revokeSession(tenant: t, realm: r, identity: i, session: "nope"))
        try await api.expect(200, "POST", AdminAPI.revokeCredential(tenant: t, realm: r, identity: i, credential: device.credentialID))
    }

    /// A token scoped to `tenant`: read, refused what needs every tenant and other tenants,
    /// revoked; the last token for every tenant cannot be.
    private func tokens(scopedTo tenant: String) async throws {
        let created = try await api.expect(201, "POST", AdminAPI.tokens, json: ["label": "ci", "tenant_id": tenant, "expires_in": 3600])
        let (id, token) = (try #require(created["id"] as? String), try #require(created["token"] as? String))
        try await api.expect(200, "GET", AdminAPI.tokens)
        try await api.expect(200, "GET", AdminAPI.token(id))
        let scoped = api.with(server.client(bearer: token))
        try await scoped.expect(200, "GET", AdminAPI.tenants)
        try await scoped.expect(403, "POST", AdminAPI.tenants, json: ["display_name": "Mine"])
        try await scoped.expect(403, "GET", AdminAPI.tokens)
        try await scoped.expect(404, "GET", AdminAPI.tenant(realm.tenantID))
        try await api.expect(200, "POST", AdminAPI.revokeToken(id))
        try await scoped.expect(401, "GET", AdminAPI.tenants)

        let tokens = try await api.expect(200, "GET", AdminAPI.tokens)
        let bootstrap = try #require((tokens["items"] as? [[String: Any]])?.first { $0["label"] as? String == "bootstrap" }?["id"] as? String)
        try await api.expect(409, "POST", AdminAPI.revokeToken(bootstrap))
    }

    /// Operators: added (the enrollment link shown once), refused twice, listed, read, their role
    /// changed.
    private func operators(tenant: String) async throws {
        let added = try await api.expect(201, "POST", AdminAPI.operators, json: [
            "username": "grace", "email": "grace@example.com", "role": "support", "tenant_id": tenant,
        ])
        let id = try #require(added["id"] as? String)
        #expect((added["enrollment_link"] as? String)?.contains(DeviceAPI.enrollmentLink + "?") == true)
        #expect(added["role"] as? String == "support" && added["tenant_id"] as? String == tenant && added["status"] as? String == "active")
        try await api.expect(409, "POST", AdminAPI.operators, json: ["username": "grace", "role": "auditor"])
        try await api.expect(400, "POST", AdminAPI.operators, json: ["username": "hopper", "role": "owner", "tenant_id": tenant])
        let listed = try await api.expect(200, "GET", AdminAPI.operators)
        #expect((listed["items"] as? [[String: Any]])?.allSatisfy { $0["enrollment_link"] == nil } == true, "a link is shown once")
        try await api.expect(200, "GET", AdminAPI.operator(id))
        let changed = try await api.expect(200, "PATCH", AdminAPI.operator(id), json: ["role": "auditor", "tenant_id": ""])
        #expect(changed["role"] as? String == "auditor" && changed["tenant_id"] == nil)
        try await api.expect(404, "GET", AdminAPI.operator("nobody"))
    }
}
