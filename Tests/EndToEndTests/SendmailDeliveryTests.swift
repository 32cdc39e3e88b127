import Foundation
import IdentityProtocol
import IdentityServer
import Logging
import Testing
import IdentityServerCore
import MailDelivery
import ServerTestSupport

/// Mail through a `sendmail`-compatible command: a script that records its arguments and
/// input and exits as told, standing in for Postfix's `sendmail` (issue 16). It needs only
/// `/bin/sh` and the base system's utilities, so it is never skipped; each failure is the exact
/// ``SendmailError`` its cause makes, so a stand-in that could not run fails these tests instead
/// of passing for the failure under test.
@Suite struct SendmailDeliveryTests {
    /// A fake `sendmail` in a fresh directory: each run appends its arguments to `args` and its
    /// input to `input`, then exits with the next status listed in `statuses` (0 when none is
    /// left), writing `complaint` to standard error when it fails.
    struct FakeSendmail {
        let directory: URL
        var path: String { directory.appendingPathComponent("sendmail").path }

        init(statuses: [Int32] = [], complaint: String = "", script body: String? = nil) throws {
            directory = FileManager.default.temporaryDirectory.appendingPathComponent("bi-sendmail-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try statuses.map(String.init).joined(separator: "\n").write(
                to: directory.appendingPathComponent("statuses"), atomically: true, encoding: .utf8)
            let script = body ?? """
                #!/bin/sh
                dir=$(dirname "$0")
                printf '%s\\n' "$*" >> "$dir/args"
                cat >> "$dir/input"
                status=$(head -n 1 "$dir/statuses"); sed -i 1d "$dir/statuses"
                [ -n "$status" ] && [ "$status" != 0 ] && echo "\(complaint)" >&2
                exit ${status:-0}
                """
            try script.write(toFile: path, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
        }

        func runs() -> [String] {
            ((try? String(contentsOf: directory.appendingPathComponent("args"), encoding: .utf8)) ?? "")
                .split(separator: "\n").map(String.init)
        }

        func input() -> String { (try? String(contentsOf: directory.appendingPathComponent("input"), encoding: .utf8)) ?? "" }

        func remove() { try? FileManager.default.removeItem(at: directory) }
    }

    private func transport(_ fake: FakeSendmail, timeout: Duration = .seconds(60)) -> SendmailMailTransport {
        SendmailMailTransport(path: fake.path, logger: Logger(label: "test"), backoff: [.zero, .zero], timeout: timeout)
    }

    @Test func theMessageGoesOnStandardInputAndTheAddressesAfterTheOptions() async throws {
        let fake = try FakeSendmail(script: """
            #!/bin/sh
            dir=$(dirname "$0")
            printf '%s\\n' "$*" >> "$dir/args"
            cat >> "$dir/input"
            env > "$dir/environment"
            """)
        defer { fake.remove() }
        setenv("BI_TEST_SECRET_FOR_SENDMAIL", "hunter2", 1)
        try await transport(fake).send(MailDeliveryTests.message)
        let environment = try String(contentsOf: fake.directory.appendingPathComponent("environment"), encoding: .utf8)
        #expect(environment.contains("PATH=") && !environment.contains("hunter2"), "the server's secrets stay with the server")
        #expect(fake.runs() == ["-i -f no-reply@id.example -- ada@example.com"])
        #expect(fake.input().contains("Subject: Set up sign-in\r\n"))
        #expect(fake.input().contains("\r\n.a line that starts with a dot\r\n"), "with -i, a lone dot ends nothing")
    }

    @Test func temporaryFailuresAreTriedAgainAndPermanentOnesAreNot() async throws {
        let flaky = try FakeSendmail(statuses: [75, 75])
        defer { flaky.remove() }
        try await transport(flaky).send(MailDeliveryTests.message)
        #expect(flaky.runs().count == 3)

        let refusing = try FakeSendmail(statuses: [67], complaint: "ada@example.com... User unknown")
        defer { refusing.remove() }
        let error = await #expect(throws: SendmailError(exitStatus: 67, "ada@example.com... User unknown")) {
            try await transport(refusing).send(MailDeliveryTests.message)
        }
        #expect(error?.isTransient == false)
        #expect(refusing.runs().count == 1)

        let down = try FakeSendmail(statuses: [75, 75, 75])
        defer { down.remove() }
        let stillDown = await #expect(throws: SendmailError(exitStatus: 75, "no error output")) {
            try await transport(down).send(MailDeliveryTests.message)
        }
        #expect(stillDown?.isTransient == true)
        #expect(down.runs().count == 3)
    }

    @Test func aCommandThatHangsIsStoppedAndOneThatReadsNothingFailsCleanly() async throws {
        let hanging = try FakeSendmail(script: "#!/bin/sh\nexec sleep 30\n")
        defer { hanging.remove() }
        let timedOut = await #expect(throws: SendmailError("did not finish within 0.2 seconds; it may have sent the message", transient: false)) {
            try await transport(hanging, timeout: .milliseconds(200)).send(MailDeliveryTests.message)
        }
        #expect(timedOut?.isTransient == false, "a hung command may have sent it: not again")

        // Exits without reading a large message: it is refused by its exit status, and nothing hangs or crashes.
        let deaf = try FakeSendmail(script: "#!/bin/sh\necho 'no relay configured' >&2\nexit 78\n")
        defer { deaf.remove() }
        var large = MailDeliveryTests.message
        large.body = String(repeating: "x", count: 1 << 20)
        await #expect(throws: SendmailError(exitStatus: 78, "no relay configured")) { try await transport(deaf).send(large) }

        let missing = await #expect(throws: SendmailError(
            "cannot run /nonexistent/sendmail: Executable \"/nonexistent/sendmail\" is not found or cannot be executed.", transient: false)
        ) {
            try await SendmailMailTransport(path: "/nonexistent/sendmail", logger: Logger(label: "test")).send(MailDeliveryTests.message)
        }
        #expect(missing?.isTransient == false)
    }

    @Test func settingsChooseOneTransportAndCheckTheCommand() throws {
        let fake = try FakeSendmail()
        defer { fake.remove() }
        let chosen = try ResolvedSettings.resolve(environment: ["BI_MAIL_SENDMAIL_PATH": fake.path]).configuration.mail
        #expect(chosen.sendmailPath == fake.path)
        #expect(chosen.transport(logger: Logger(label: "test"), outbox: OutboxMailTransport(directory: fake.directory)) is SendmailMailTransport)
        let both = #expect(throws: ServerSetupError.self) {
            try ResolvedSettings.resolve(environment: ["BI_MAIL_SENDMAIL_PATH": fake.path, "BI_MAIL_SMTP_HOST": "relay.example"])
        }
        #expect(both?.description == "mail.smtp.host and mail.sendmail.path are both set: choose one way to send mail")
        for path in ["sendmail", fake.directory.appendingPathComponent("statuses").path, "/nonexistent/sendmail"] {
            let refused = #expect(throws: ServerSetupError.self, "\(path)") {
                try ResolvedSettings.resolve(environment: ["BI_MAIL_SENDMAIL_PATH": path])
            }
            #expect(refused?.description == "BI_MAIL_SENDMAIL_PATH = '\(path)': expected the absolute path of an executable file")
        }
    }

    @Test func anEnrollmentLinkGoesThroughTheCommandAndARefusalIsReported() async throws {
        let fake = try FakeSendmail(statuses: [0, 69], complaint: "relay unavailable")
        defer { fake.remove() }
        try await RunningServer.withRealm(configure: {
            $0.mail.sendmailPath = fake.path
            $0.mail.from = "sign-in@acme.example"
        }) { server, realm in
            let path = "\(realm.identityPath)/binding-jobs"
            let job = try await server.admin.created(path, ["kind": "registration", "delivery": "email"])
            #expect(job["credential_binding_link"] == nil)
            _ = try await server.admin.bindingJob("\(path)/\(try #require(job["id"] as? String))") { $0["mail_status"] as? String == "delivered" }
            #expect(fake.runs() == ["-i -f sign-in@acme.example -- ada@example.com"])
            #expect(fake.input().contains(server.baseURL + DeviceAPI.enrollmentLink + "?"))
            // EX_UNAVAILABLE (69) is permanent: the job is created all the same, its mail given up.
            let refused = try await server.admin.created(path, ["kind": "registration", "delivery": "email"])
            let failed = try await server.admin.bindingJob("\(path)/\(try #require(refused["id"] as? String))") {
                $0["mail_status"] as? String == "failed"
            }
            #expect((failed["mail_error"] as? String)?.contains("relay unavailable") == true)
        }
    }
}
