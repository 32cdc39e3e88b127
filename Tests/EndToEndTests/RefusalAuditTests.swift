import Crypto
import Foundation
import IdentityServer
import IdentityProtocol
import IdentityStorage
import IdentityStorageTestSupport
import Testing
import IdentityServerCore
import ServerTestSupport

/// Refused enrollments, extension claims and admin calls: audited with their reason when they
/// concern a known resource, only counted when they concern nothing (anyone can send those).
@Suite struct RefusalAuditTests {
    private func events(_ server: RunningServer, _ type: String) async throws -> [AuditEventRecord] {
        try await server.instance.store.listAuditEvents(tenantID: nil, .init(size: 1000)).items.filter { $0.type == type }
    }

    @Test func refusedEnrollmentsAreAuditedWithTheirReason() async throws {
        try await RunningServer.withRealm(.router) { server, realm in
            var device = TestDevice()
            let link = try await realm.enrollmentLink()
            let used = try await device.enroll(link: link, server: server)
            try #require(used.status == 201)
            let again = try await server.client().send("GET", link)
            #expect(again.status == 400)
            let token = try #require(HTTPTestClient.queryItem("token", in: link))
            let badCSR = try await device.bind(token: token, csr: "-----BEGIN CERTIFICATE REQUEST-----\nAAAA\n-----END CERTIFICATE REQUEST-----", server: server)
            #expect(badCSR.status == 400 && badCSR.error == "invalid_csr")
            let unknown = try await device.bind(token: "no-such-token", server: server)
            #expect(unknown.status == 400 && unknown.error == "invalid_binding_token")

            let refused = try await events(server, "enrollment.refused")
            #expect(refused.count == 2, "the unknown token is not audited")
            #expect(refused.allSatisfy { $0.subjectID == realm.identityID && $0.tenantID == realm.tenantID })
            #expect(refused.contains { $0.detailJSON.contains(#""reason":"invalid_binding_token""#) })
            #expect(refused.contains { $0.detailJSON.contains(#""reason":"invalid_csr""#) })
        }
    }

    @Test func refusedClaimsOfARealCodeAreAudited() async throws {
        try await RunningServer.withEnrolledDevice(.router) { server, realm, holder in
            let session = try await holder.openExtension(server: server)
            _ = try await TestDevice().claimExtension(code: session.code, server: server)
            let second = try await server.client().send(
                "POST", DeviceAPI.claimExtension, json: ["code": session.code, "csr": try TestDevice.csr(for: .init())])
            #expect(second.status == 409 && second.error == "extension_code_used")
            let guessed = String(session.code.reversed()) == session.code ? "000000001" : String(session.code.reversed())
            let wrong = try await server.client().send(
                "POST", DeviceAPI.claimExtension, json: ["code": guessed, "csr": try TestDevice.csr(for: .init())])
            #expect(wrong.status == 400 && wrong.error == "invalid_extension_code")

            let refused = try await events(server, "extension.claim_refused")
            #expect(refused.count == 1 && refused.first?.detailJSON.contains(#""reason":"extension_code_used""#) == true)
            #expect(refused.first?.subjectID == holder.credentialID && refused.first?.realmID == realm.realmID)
        }
    }

    @Test func adminCallsWithoutAKnownTokenAreCountedNotAudited() async throws {
        try await RunningServer.withRealm(.router) { server, _ in
            #expect(try await server.client().send("GET", "/v1/admin/tenants").status == 401)
            #expect(try await server.client(bearer: "bia_guess").send("GET", "/v1/admin/tenants").status == 401)
            #expect(try await events(server, "admin.refused").isEmpty)
            let text = String(decoding: try await server.client().send("GET", "/metrics").body, as: UTF8.self)
            #expect(text.contains(#"bi_admin_refused_total{reason="missing_token"} 1"#), "\(text)")
            #expect(text.contains(#"bi_admin_refused_total{reason="unknown_token"} 1"#))
            #expect(text.contains("# HELP bi_admin_refused_total "))
        }
    }

    /// Whoever holds a revoked admin token or a used link can repeat the refused request: each
    /// artifact and reason is one event per window, counting the repeats, not a row per request.
    @Test func repeatedRefusalsOfOneArtifactAreOneCountedEventPerWindow() async throws {
        let clock = TestClock()
        try await RunningServer.withRealm(.router, configure: { $0.now = clock.now }) { server, realm in
            clock.startAMinute()  // the counting starts now, in one minute's window
            let windowStart = clock.now().addingTimeInterval(-1)
            let created = try await server.admin.created("/v1/admin/tokens", ["label": "old"])
            let token = try #require(created["token"] as? String)
            _ = try await server.admin.send("POST", "/v1/admin/tokens/\(try #require(created["id"] as? String))/revoke")
            for _ in 0..<5 { #expect(try await server.client(bearer: token).send("GET", "/v1/admin/tenants").status == 401) }
            var refused = try await events(server, "admin.refused")
            #expect(refused.map(\.occurrences) == [5], "one event, counting five")

            let link = try await realm.enrollmentLink()
            var device = TestDevice()
            try #require(try await device.enroll(link: link, server: server).status == 201)
            for _ in 0..<3 { #expect(try await server.client().send("GET", link).status == 400) }
            #expect(try await events(server, "enrollment.refused").map(\.occurrences) == [3])

            // Another artifact in the same window has an event of its own.
            let other = try await server.admin.created("/v1/admin/tokens", ["label": "older"])
            _ = try await server.admin.send("POST", "/v1/admin/tokens/\(try #require(other["id"] as? String))/revoke")
            #expect(try await server.client(bearer: try #require(other["token"] as? String)).send("GET", "/v1/admin/tenants").status == 401)
            #expect(try await events(server, "admin.refused").map(\.occurrences).sorted() == [1, 5])

            // 55 s into the window it is the same one; 61 s into it, the next (set, not advanced:
            // a loaded machine may have spent many seconds since the window began).
            clock.set(to: windowStart.addingTimeInterval(55))
            #expect(try await server.client(bearer: token).send("GET", "/v1/admin/tenants").status == 401)
            #expect(try await events(server, "admin.refused").map(\.occurrences).sorted() == [1, 6])
            clock.set(to: windowStart.addingTimeInterval(61))
            #expect(try await server.client(bearer: token).send("GET", "/v1/admin/tenants").status == 401)
            refused = try await events(server, "admin.refused")
            #expect(refused.map(\.occurrences).sorted() == [1, 1, 6], "the next window has its own event")
        }
    }
}
