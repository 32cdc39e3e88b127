import Foundation
import IdentityProtocol
import IdentityServer
import Logging
import TestProcessSupport
import Testing
import IdentityServerCore
import MailDelivery
import ServerTestSupport

/// Enrollment email through a real SMTP server (aiosmtpd on loopback): plain, STARTTLS with
/// AUTH, and every way a relay can fail — each failure says whether trying later may help
/// (issue 16). Each failure is the exact ``SMTPError`` its cause makes, so a relay that did not
/// start, or a failure at another step, does not pass for the one under test. Without aiosmtpd
/// (or `python3`, for the raw relay) the tests are skipped; in CI (`BI_REQUIRE_AIOSMTPD=1`,
/// `BI_REQUIRE_PYTHON3=1`) they fail.
@Suite struct MailDeliveryTests {
    static let message = MailMessage(
        from: "no-reply@id.example", to: "ada@example.com", subject: "Set up sign-in",
        body: "Open this link:\n.a line that starts with a dot\nhttps://id.example/v1/enroll?t=x")

    @Test(.requires(.aiosmtpd)) func deliversToAPlainRelay() async throws {
        try await SMTPTestServer.with { server async throws in
            try await Self.transport(server, security: .none).send(Self.message)
            let delivered = try #require(try server.messages().first)
            #expect(delivered["mail_from"] as? String == "no-reply@id.example")
            #expect(delivered["rcpt_tos"] as? [String] == ["ada@example.com"])
            let content = try #require(delivered["content"] as? String)
            #expect(content.contains("Subject: Set up sign-in\r\n"))
            // Dot-stuffed on the way, unstuffed by the server: the line arrives as written.
            #expect(content.contains("\r\n.a line that starts with a dot\r\n"))
            #expect(content.contains("https://id.example/v1/enroll?t=x"))
        }
    }

    @Test(.requires(.aiosmtpd)) func deliversOverSTARTTLSWithAuthentication() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bi-smtp-tls-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let files = try SMTPTestServer.certificates(in: directory)
        try await SMTPTestServer.with(["--auth", "bi:s3cret", "--tls", files.certificate, files.key]) { server async throws in
            var settings = Self.settings(server, security: .startTLS)
            settings.smtpHost = "localhost"
            settings.smtpTrustedCertificates = files.authority
            settings.smtpUsername = "bi"
            settings.smtpPassword = "s3cret"
            try await SMTPMailTransport(settings: settings, logger: Logger(label: "test"), backoff: []).send(Self.message)
            let delivered = try #require(try server.messages().first)
            #expect(delivered["user"] as? String == "bi")
            #expect(delivered["tls"] as? Bool == true)

            settings.smtpPassword = "wrong"
            let refused = await #expect(throws: SMTPError(code: 535, "after AUTH PLAIN: 5.7.8 Authentication credentials invalid")) {
                try await SMTPMailTransport(settings: settings, logger: Logger(label: "test"), backoff: []).send(Self.message)
            }
            #expect(refused?.isTransient == false)

            // The relay's certificate is checked: without its CA, nothing is sent.
            settings.smtpPassword = "s3cret"
            settings.smtpTrustedCertificates = nil
            // The whole detail names BoringSSL's source file and line: the refusal and its reason are what is fixed.
            let untrusted = await #expect(throws: SMTPError.self) {
                try await SMTPMailTransport(settings: settings, logger: Logger(label: "test"), backoff: []).send(Self.message)
            }
            #expect(untrusted?.code == nil && untrusted?.isTransient == false, "\(String(describing: untrusted))")
            #expect(untrusted?.detail.hasPrefix("TLS with the relay failed: handshakeFailed(") == true, "\(String(describing: untrusted))")
            #expect(untrusted?.detail.contains("CERTIFICATE_VERIFY_FAILED") == true, "\(String(describing: untrusted))")
            #expect(try server.messages().count == 1)
        }
    }

    @Test(.requires(.aiosmtpd)) func aRelayWithoutWhatTheSettingsRequireIsRefusedBeforeSending() async throws {
        try await SMTPTestServer.with { server async throws in
            let noTLS = await #expect(throws: SMTPError("127.0.0.1 does not offer STARTTLS, which mail.smtp.security requires", transient: false)) {
                try await Self.transport(server, security: .startTLS).send(Self.message)
            }
            #expect(noTLS?.isTransient == false)
            var clear = Self.settings(server, security: .none)
            clear.smtpUsername = "bi"
            let inClear = await #expect(throws: SMTPError(
                "mail.smtp.username needs TLS (mail.smtp.security starttls or tls): the password would cross in clear", transient: false)
            ) {
                try await SMTPMailTransport(settings: clear, logger: Logger(label: "test"), backoff: []).send(Self.message)
            }
            #expect(inClear?.isTransient == false)
            #expect(try server.messages().isEmpty)
        }
    }

    @Test(.requires(.aiosmtpd)) func permanentRefusalsFailAtOnceAndTransientOnesAreTriedAgain() async throws {
        try await SMTPTestServer.with(["--reject-rcpt", "550"]) { server async throws in
            let rejected = await #expect(throws: SMTPError(code: 550, "after RCPT TO: 5.1.1 <ada@example.com>: no such user")) {
                try await Self.transport(server, security: .none, backoff: [.zero]).send(Self.message)
            }
            #expect(rejected?.isTransient == false)
        }
        try await SMTPTestServer.with(["--temp-fail", "1"]) { server async throws in
            try await Self.transport(server, security: .none, backoff: [.zero]).send(Self.message)
            #expect(try server.messages().count == 1)
        }
        try await SMTPTestServer.with(["--temp-fail", "5"]) { server async throws in
            let gaveUp = await #expect(throws: SMTPError(code: 451, "4.3.0 try again later")) {
                try await Self.transport(server, security: .none, backoff: [.zero, .zero]).send(Self.message)
            }
            #expect(gaveUp?.isTransient == true)
            #expect(try server.messages().isEmpty)
        }
    }

    /// The raw relay (`python3` only) says nothing at all, or hangs up in the middle of DATA.
    @Test(.requires(.python3), arguments: ["silent", "drop"])
    func aRelayThatHangsOrHangsUpIsATransientFailure(mode: String) async throws {
        try await SMTPTestServer.with(["--raw", mode]) { server async throws in
            var settings = Self.settings(server, security: .none)
            // Silence is waited out for three seconds (the connection itself has as long, which a
            // starved machine has needed); a hang-up needs no wait, and a loaded machine must not
            // reach the whole delivery's limit (4 × this) before the relay hangs up.
            settings.smtpTimeout = mode == "silent" ? .seconds(3) : .seconds(10)
            let closed = SMTPError("the server closed the connection or did not answer in time", transient: true)
            // On a starved machine the whole delivery's limit can fire before the silent read's
            // own: the same transient failure, by its other name.
            let accepted = mode == "silent" ? [closed, SMTPError("the delivery took longer than 12.0 seconds", transient: true)] : [closed]
            let failure = await #expect(throws: SMTPError.self) {
                try await SMTPMailTransport(settings: settings, logger: Logger(label: "test"), backoff: []).send(Self.message)
            }
            #expect(failure.map(accepted.contains) == true, "\(String(describing: failure))")
            #expect(failure?.isTransient == true)
        }
    }

    /// An address that would smuggle a command (a bare CR or LF, angle brackets) is refused
    /// before any connection.
    @Test(arguments: ["a@b.example\nRCPT TO:<eve@x.example", "a@b.example\rX", "a@b.example>", "a b@c.example"])
    func anAddressThatWouldInjectACommandIsRefused(address: String) async throws {
        var settings = MailSettings()
        settings.smtpHost = "127.0.0.1"
        settings.smtpPort = 9  // nothing listens: the check comes first
        var message = Self.message
        message.from = address
        let refused = await #expect(throws: SMTPError("'\(address.debugDescription)' is not a mail address", transient: false)) {
            try await SMTPMailTransport(settings: settings, logger: Logger(label: "test"), backoff: []).send(message)
        }
        #expect(refused?.isTransient == false)
    }

    static func transport(_ server: SMTPTestServer, security: SMTPSecurity, backoff: [Duration] = []) -> SMTPMailTransport {
        SMTPMailTransport(settings: settings(server, security: security), logger: Logger(label: "test"), backoff: backoff)
    }

    static func settings(_ server: SMTPTestServer, security: SMTPSecurity) -> MailSettings {
        var settings = MailSettings()
        settings.smtpHost = "127.0.0.1"
        settings.smtpPort = server.port
        settings.smtpSecurity = security
        // Generous: the whole suite runs at once on two cores, and Python is slow to start answering.
        settings.smtpTimeout = .seconds(30)
        return settings
    }
}

/// The admin API queues enrollment links for the configured relay: the job is created at once
/// with its mail pending, the outbox sends it, and a relay's permanent refusal is given up,
/// audited, with the relay's words on the job.
@Suite struct EnrollmentMailTests {
    @Test(.requires(.aiosmtpd)) func anEnrollmentLinkGoesThroughTheRelayAndARefusalIsReported() async throws {
        try await SMTPTestServer.with { relay async throws in
            try await RunningServer.withRealm(configure: {
                $0.mail = MailDeliveryTests.settings(relay, security: .none)
                $0.mail.from = "sign-in@acme.example"
            }) { server, realm in
                let job = try await server.admin.created("\(realm.identityPath)/binding-jobs", ["kind": "registration", "delivery": "email"])
                #expect(job["credential_binding_link"] == nil, "the link went by mail only")
                let jobPath = "\(realm.identityPath)/binding-jobs/\(try #require(job["id"] as? String))"
                let sent = try await server.admin.bindingJob(jobPath) { $0["mail_status"] as? String == "delivered" }
                #expect(sent["mail_attempts"] as? Int == 1 && sent["mail_completed_at"] != nil && sent["mail_error"] == nil)
                let delivered = try #require(try relay.messages().first)
                #expect(delivered["mail_from"] as? String == "sign-in@acme.example")
                #expect(delivered["rcpt_tos"] as? [String] == ["ada@example.com"])
                #expect((delivered["content"] as? String)?.contains(server.baseURL + DeviceAPI.enrollmentLink + "?") == true)
            }
        }
        try await SMTPTestServer.with(["--reject-rcpt", "550"]) { relay async throws in
            try await RunningServer.withRealm(configure: { $0.mail = MailDeliveryTests.settings(relay, security: .none) }) { server, realm in
                // The relay's refusal comes later: the job is created, its mail pending.
                let job = try await server.admin.created("\(realm.identityPath)/binding-jobs", ["kind": "registration", "delivery": "email"])
                #expect(job["mail_status"] as? String == "pending")
                let jobPath = "\(realm.identityPath)/binding-jobs/\(try #require(job["id"] as? String))"
                let failed = try await server.admin.bindingJob(jobPath) { $0["mail_status"] as? String == "failed" }
                #expect((failed["mail_error"] as? String)?.contains("550") == true, "the relay's words")
                #expect(failed["mail_attempts"] as? Int == 1, "a permanent refusal is not tried again")
                let events = try await server.admin.send("GET", "/v1/admin/audit-events")
                let failures = (events.json["items"] as? [[String: Any]] ?? []).filter { $0["type"] as? String == "binding_job.mail_failed" }
                #expect(failures.count == 1)
            }
        }
    }
}
