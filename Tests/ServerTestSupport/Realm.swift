import Foundation
import IdentityProtocol
import Testing

/// A tenant, a realm, a confidential and a public application and one identity, created
/// through the admin API of a running server.
package struct TestRealm: Sendable {
    package let server: any TestServer
    package let tenantID: String
    package let realmID: String
    package let confidential: TestApplication
    package let publicClient: TestApplication
    package let identityID: String

    /// The admin API path of one of the realm's applications, found by its client id.
    package func adminPath(of application: TestApplication) async throws -> String {
        let listed = try await server.admin.send("GET", AdminAPI.applications(tenant: tenantID, realm: realmID))
        let id = try #require((listed.json["items"] as? [[String: Any]])?
            .first { $0["client_id"] as? String == application.clientID }?["id"] as? String)
        return AdminAPI.application(tenant: tenantID, realm: realmID, application: id)
    }

    package static let registrationRedirect = "https://app.example/register"
    package static let invokeURL = "https://app.example/invoke"
    package static let callback = "https://app.example/callback"

    /// Creates everything through `POST /v1/admin/…`.
    package static func create(on server: any TestServer) async throws -> TestRealm {
        let admin = server.admin
        let tenant = try await admin.created(AdminAPI.tenants, ["display_name": "Acme"])
        let tenantID = try #require(tenant["id"] as? String)
        let realm = try await admin.created(
            AdminAPI.realms(tenant: tenantID),
            ["display_name": "Customers", "registration_redirect_uri": registrationRedirect])
        let realmID = try #require(realm["id"] as? String)
        func application(_ type: String) async throws -> TestApplication {
            let created = try await admin.created(AdminAPI.applications(tenant: tenantID, realm: realmID), [
                "display_name": "Shop (\(type))", "client_type": type, "redirect_uris": [callback],
                "invoke_url": invokeURL, "allowed_scopes": ["openid", "profile", "email"],
            ])
            return TestApplication(
                clientID: try #require(created["client_id"] as? String),
                clientSecret: created["client_secret"] as? String,
                issuer: try #require(created["issuer"] as? String))
        }
        let identity = try await admin.created(
            AdminAPI.identities(tenant: tenantID, realm: realmID), ["username": "ada", "email": "ada@example.com", "display_name": "Ada Lovelace"])
        return TestRealm(
            server: server, tenantID: tenantID, realmID: realmID,
            confidential: try await application("confidential"), publicClient: try await application("public"),
            identityID: try #require(identity["id"] as? String))
    }

    /// The realm's admin API path.
    package var realmPath: String { AdminAPI.realm(tenant: tenantID, realm: realmID) }
    /// The identity's admin API path.
    package var identityPath: String { AdminAPI.identity(tenant: tenantID, realm: realmID, identity: identityID) }

    /// A fresh enrollment link for the identity (or another one of the realm), returned by the admin API.
    package func enrollmentLink(kind: String = "registration", for identity: String? = nil) async throws -> String {
        let job = try await server.admin.created(
            AdminAPI.bindingJobs(tenant: tenantID, realm: realmID, identity: identity ?? identityID), ["kind": kind, "delivery": "return"])
        return try #require(job["credential_binding_link"] as? String)
    }
}

/// An OAuth client of the test realm.
package struct TestApplication: Sendable {
    package let clientID: String
    package let clientSecret: String?
    package let issuer: String

    package init(clientID: String, clientSecret: String?, issuer: String) {
        self.clientID = clientID
        self.clientSecret = clientSecret
        self.issuer = issuer
    }
}

extension HTTPTestClient {
    /// POSTs JSON and expects `201 Created`; returns the body.
    package func created(_ path: String, _ json: [String: Any]) async throws -> [String: Any] {
        try await expect(201, "POST", path, json: json)
    }

    /// Every item of an admin API list (`path` without a query), read a thousand to a page.
    package func allItems(_ path: String) async throws -> [[String: Any]] {
        var (cursor, items): (String?, [[String: Any]]) = (nil, [])
        repeat {
            let page = try await expect(200, "GET", path + "?page_size=1000" + (cursor.map { "&cursor=\($0)" } ?? ""))
            items += page["items"] as? [[String: Any]] ?? []
            cursor = page["next_cursor"] as? String
        } while cursor != nil
        return items
    }

    /// Sends a request and expects `status`; returns the body.
    @discardableResult
    package func expect(_ status: Int, _ method: String, _ path: String, json: [String: Any]? = nil) async throws -> [String: Any] {
        let reply = try await send(method, path, json: json)
        guard reply.status == status else {
            throw SetupError("\(method) \(path) answered \(reply.status): \(String(decoding: reply.body, as: UTF8.self))")
        }
        return reply.json
    }
}
