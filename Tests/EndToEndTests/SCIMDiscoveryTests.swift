import Foundation
import IdentityProtocol
import Testing
import ServerTestSupport

/// The SCIM service's discovery endpoints and its errors (RFC 7644 §3.12, §4): what it says of
/// itself is what it serves, and every refusal under its base is a SCIM error.
@Suite struct SCIMDiscoveryTests {
    @Test(arguments: ServerMode.allCases) func discoveryDescribesWhatIsServed(mode: ServerMode) async throws {
        try await RunningServer.withRealm(mode) { server, realm in
            let (scim, base) = try await Self.scimClient(server, realm)
            let config = try await scim.send("GET", "\(base)/ServiceProviderConfig")
            #expect(config.status == 200 && config.header("Content-Type") == "application/scim+json")
            for feature in ["bulk", "changePassword", "sort"] {
                #expect((config.json[feature] as? [String: Any])?["supported"] as? Bool == false, "\(feature)")
            }
            let schemes = try #require(config.json["authenticationSchemes"] as? [[String: Any]])
            #expect(schemes.map { $0["type"] as? String } == ["oauthbearertoken"])
            #expect((config.json["meta"] as? [String: Any])?["location"] as? String
                == "\(server.baseURL)\(base)/ServiceProviderConfig")

            for list in ["ResourceTypes", "Schemas"] {
                let reply = try await scim.send("GET", "\(base)/\(list)")
                #expect(reply.status == 200 && reply.header("Content-Type") == "application/scim+json")
                #expect(reply.json["schemas"] as? [String] == ["urn:ietf:params:scim:api:messages:2.0:ListResponse"])
                let resources = try #require(reply.json["Resources"] as? [[String: Any]])
                #expect(reply.json["totalResults"] as? Int == resources.count && reply.json["startIndex"] as? Int == 1)
                for resource in resources {
                    let location = try #require((resource["meta"] as? [String: Any])?["location"] as? String)
                    let one = try await scim.send("GET", location)
                    #expect(one.status == 200 && one.json["id"] as? String == resource["id"] as? String, "\(location)")
                }
            }
            Self.expectError(try await scim.send("GET", "\(base)/ResourceTypes/Printer"), status: 404)
            Self.expectError(try await scim.send("GET", "\(base)/Schemas/urn:example:nothing"), status: 404)
        }
    }

    @Test(arguments: ServerMode.allCases) func everyRefusalUnderTheBaseIsASCIMError(mode: ServerMode) async throws {
        try await RunningServer.withRealm(mode) { server, realm in
            let (scim, base) = try await Self.scimClient(server, realm)
            // A path it does not serve: 401 without the token (nothing is told), 404 with it.
            Self.expectError(try await server.client().send("GET", "\(base)/Bulk"), status: 401)
            Self.expectError(try await scim.send("POST", "\(base)/Bulk", json: [:]), status: 404)
            Self.expectError(try await scim.send("DELETE", "\(base)/Me"), status: 404)
        }
    }

    /// A client with a new provisioning token of the realm, and the realm's SCIM base path.
    static func scimClient(_ server: RunningServer, _ realm: TestRealm) async throws -> (HTTPTestClient, String) {
        let created = try await server.admin.created(
            AdminAPI.provisioningTokens(tenant: realm.tenantID, realm: realm.realmID), ["label": "directory"])
        return (server.client(bearer: try #require(created["token"] as? String)),
                SCIMProvisioningTokenTests.base(realm.tenantID, realm.realmID))
    }

    /// An error as RFC 7644 §3.12 has it: the error message's schema, the status as a string, a
    /// `detail`, a `scimType` when one is named, as `application/scim+json`.
    static func expectError(
        _ reply: HTTPTestClient.Reply, status: Int, scimType: String? = nil, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(reply.status == status, "\(String(decoding: reply.body, as: UTF8.self))", sourceLocation: sourceLocation)
        #expect(reply.header("Content-Type") == "application/scim+json", sourceLocation: sourceLocation)
        #expect(reply.json["schemas"] as? [String] == ["urn:ietf:params:scim:api:messages:2.0:Error"], sourceLocation: sourceLocation)
        #expect(reply.json["status"] as? String == String(status), sourceLocation: sourceLocation)
        #expect(reply.json["scimType"] as? String == scimType, sourceLocation: sourceLocation)
        #expect((reply.json["detail"] as? String)?.isEmpty == false, sourceLocation: sourceLocation)
    }
}
