import Foundation
import IdentityProtocol
import Testing
import TestProcessSupport
import ServerTestSupport

/// Enrollment mail from the durable outbox (issue 34): the relay is down when the binding job is
/// created, bi-server is killed with SIGKILL and started again while it is, then the relay comes
/// back on its address, and the mail arrives; the job says pending (with the relay's failure),
/// then delivered. The retry schedule is configured short (1 s), and the test polls.
@Suite struct MailOutboxTests {
    @Test(.requires(.aiosmtpd)) func aMailQueuedWhileTheRelayIsDownArrivesAfterARestart() async throws {
        // A relay started and stopped: its port is free now, and it comes back there later.
        let port = try await SMTPTestServer.with { $0.port }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bi-mail-outbox-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let environment = [
            "BI_DATA_DIRECTORY=\(directory.path)", "BI_MAIL_SMTP_HOST=127.0.0.1", "BI_MAIL_SMTP_PORT=\(port)",
            "BI_MAIL_SMTP_SECURITY=none", "BI_MAIL_RETRY_DELAYS=\(Array(repeating: "1s", count: 600).joined(separator: ","))",
            "BI_LOG_LEVEL=critical", "BI_WEBHOOKS_LEASE=30",
        ]
        var server = try await ServerProcess.start(environment)
        defer { server.kill() }
        let token = try String(contentsOf: directory.appendingPathComponent("admin-token"), encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        var admin = HTTPTestClient(baseURL: server.url, bearer: token)
        let tenant = try #require(try await admin.created(AdminAPI.tenants, ["display_name": "Outbox"])["id"] as? String)
        let realm = try #require(try await admin.created(
            AdminAPI.realms(tenant: tenant), ["display_name": "R", "registration_redirect_uri": TestRealm.registrationRedirect])["id"] as? String)
        let identity = try #require(try await admin.created(
            AdminAPI.identities(tenant: tenant, realm: realm), ["username": "grace", "email": "grace@example.com"])["id"] as? String)
        let jobs = AdminAPI.bindingJobs(tenant: tenant, realm: realm, identity: identity)

        // The answer comes at once, the relay being down.
        let job = try await admin.created(jobs, ["kind": "registration", "delivery": "email"])
        #expect(job["mail_status"] as? String == "pending" && job["mail_attempts"] as? Int == 0)
        let jobPath = AdminAPI.bindingJob(tenant: tenant, realm: realm, identity: identity, job: try #require(job["id"] as? String))
        let failing = try await admin.bindingJob(jobPath) { ($0["mail_attempts"] as? Int ?? 0) >= 1 }
        #expect(failing["mail_status"] as? String == "pending" && failing["mail_next_attempt_at"] != nil)
        #expect(failing["mail_error"] is String, "the connection's failure is on the job")

        await server.stop()
        server = try await ServerProcess.start(environment)
        admin = HTTPTestClient(baseURL: server.url, bearer: token)
        // A SIGKILL during an attempt leaves its lease (30 s here) to run out before the new server
        // may claim the mail: the wait allows for that on a loaded machine.
        let stillFailing = try await admin.bindingJob(jobPath, timeout: .seconds(120)) {
            ($0["mail_attempts"] as? Int ?? 0) > (failing["mail_attempts"] as? Int ?? 0)
        }
        #expect(stillFailing["mail_status"] as? String == "pending", "the restarted server tries it again")

        try await SMTPTestServer.with(["--port", "\(port)"]) { relay async throws in
            let sent = try await admin.bindingJob(jobPath) { $0["mail_status"] as? String == "delivered" }
            #expect(sent["mail_completed_at"] != nil && sent["mail_next_attempt_at"] == nil)
            let messages = try relay.messages()
            #expect(messages.count == 1)
            #expect(messages.first?["rcpt_tos"] as? [String] == ["grace@example.com"])
            #expect((messages.first?["content"] as? String)?.contains(DeviceAPI.enrollmentLink + "?") == true)
        }
        let events = try await admin.send("GET", AdminAPI.auditEvents).json["items"] as? [[String: Any]] ?? []
        #expect(events.filter { $0["type"] as? String == "binding_job.delivered" }.count == 1)
        #expect(events.filter { $0["type"] as? String == "binding_job.mail_failed" }.isEmpty, "failures on the way are not the end")
    }

    /// The other end of the schedule: with the relay down for good, the mail is given up once the
    /// retry delays are spent, and that (unlike each failure on the way) is audited, with the
    /// relay's failure and the number of attempts.
    @Test(.requires(.aiosmtpd)) func aMailIsGivenUpOnceItsRetriesAreSpent() async throws {
        let port = try await SMTPTestServer.with { $0.port }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bi-mail-outbox-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try await ServerProcess.start([
            "BI_DATA_DIRECTORY=\(directory.path)", "BI_MAIL_SMTP_HOST=127.0.0.1", "BI_MAIL_SMTP_PORT=\(port)",
            "BI_MAIL_SMTP_SECURITY=none", "BI_MAIL_RETRY_DELAYS=1s", "BI_LOG_LEVEL=critical",
        ])
        defer { server.kill() }
        let token = try String(contentsOf: directory.appendingPathComponent("admin-token"), encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let admin = HTTPTestClient(baseURL: server.url, bearer: token)
        let tenant = try #require(try await admin.created(AdminAPI.tenants, ["display_name": "Outbox"])["id"] as? String)
        let realm = try #require(try await admin.created(
            AdminAPI.realms(tenant: tenant), ["display_name": "R", "registration_redirect_uri": TestRealm.registrationRedirect])["id"] as? String)
        let identity = try #require(try await admin.created(
            AdminAPI.identities(tenant: tenant, realm: realm), ["username": "ada", "email": "ada@example.com"])["id"] as? String)
        let jobs = AdminAPI.bindingJobs(tenant: tenant, realm: realm, identity: identity)
        let job = try await admin.created(jobs, ["kind": "registration", "delivery": "email"])
        let jobID = try #require(job["id"] as? String)
        let jobPath = AdminAPI.bindingJob(tenant: tenant, realm: realm, identity: identity, job: jobID)

        let failed = try await admin.bindingJob(jobPath) { $0["mail_status"] as? String == "failed" }
        #expect(failed["mail_attempts"] as? Int == 2, "the first attempt and one retry, the schedule's only delay")
        #expect(failed["mail_error"] is String && failed["mail_completed_at"] != nil && failed["mail_next_attempt_at"] == nil)
        let events = try await admin.send("GET", AdminAPI.auditEvents).json["items"] as? [[String: Any]] ?? []
        let given = events.filter { $0["type"] as? String == "binding_job.mail_failed" }
        #expect(given.count == 1)
        #expect(given.first?["subject_id"] as? String == jobID)
        #expect(events.filter { $0["type"] as? String == "binding_job.delivered" }.isEmpty)
    }
}
