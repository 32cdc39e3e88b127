import Foundation
import IdentityProtocol
import Testing
import ServerTestSupport

/// Every endpoint that parses structure survives the largest body or query it takes, nested as
/// deep or repeated as often as it fits: a clear `4xx`, never a `500` nor a crash (a SCIM PATCH
/// path of 22,000 parentheses once killed the server), and the server answers afterwards.
@Suite struct DeepInputTests {
    /// `[[[…]]]`, `{"a":{"a":…}}` and a member holding either, each as large as a body may be.
    static let deepBodies: [String] = {
        let arrays = 64 * 1024 / 2 - 16
        let objects = 64 * 1024 / 6 - 16
        return [
            String(repeating: "[", count: arrays) + String(repeating: "]", count: arrays),
            String(repeating: #"{"a":"#, count: objects) + "1" + String(repeating: "}", count: objects),
            #"{"userName":"#  + String(repeating: "[", count: arrays - 8) + String(repeating: "]", count: arrays - 8) + "}",
        ]
    }()

    @Test func deeplyNestedBodiesAreRefusedEverywhere() async throws {
        try await RunningServer.withRealm(.live) { server, realm in
            let (scim, base) = try await SCIMDiscoveryTests.scimClient(server, realm)
            let anonymous = server.client()
            for body in Self.deepBodies {
                let data = Data(body.utf8)
                let json = ["Content-Type": "application/json"]
                let replies = [
                    ("admin API", try await server.admin.send("POST", AdminAPI.tenants, headers: json, body: data)),
                    ("device API", try await anonymous.send("POST", EmailCodeAPI.begin, headers: json, body: data)),
                    ("SCIM create", try await scim.send("POST", "\(base)/Users", headers: ["Content-Type": "application/scim+json"], body: data)),
                    ("SCIM patch", try await scim.send("PATCH", "\(base)/Users/none", headers: ["Content-Type": "application/scim+json"], body: data)),
                ]
                for (name, reply) in replies {
                    #expect((400..<500).contains(reply.status), "\(name): \(reply.status) \(String(decoding: reply.body.prefix(200), as: UTF8.self))")
                }
            }
            let manyPairs = String(repeating: "a=1&", count: 64 * 1024 / 4 - 4)
            let token = try await anonymous.send(
                "POST", realm.confidential.issuer + ProviderPath.token,
                headers: ["Content-Type": "application/x-www-form-urlencoded"], body: Data(manyPairs.utf8))
            #expect(token.status == 400 && token.error == "invalid_request", "\(token.status)")
            #expect(try await anonymous.send("GET", "/healthz").status == 200, "the server still answers")
        }
    }
}
