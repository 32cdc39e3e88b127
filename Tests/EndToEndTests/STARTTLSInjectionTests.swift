import Foundation
import IdentityServer
import Logging
import TestProcessSupport
import Testing
import IdentityServerCore
import MailDelivery
import ServerTestSupport

/// A man in the middle answers STARTTLS with `220 2.0.0 Ready` and then, in a TCP segment of its
/// own, injects `250 injected` in clear before TLS begins (RFC 3207 §4.2; the command injection
/// class of CVE-2011-0411). Whenever those bytes arrive — in the same read as the 220, in a
/// later read before the client has started TLS, or after it has — the client refuses the
/// delivery with the one error that says so, never reads them as a reply, and never sends a
/// command over the TLS that follows. The relay is `ThirdParty/starttls_injector.py`
/// (`python3` and its `ssl` only); each gap between the 220 and the injection is one
/// connection.
@Suite struct STARTTLSInjectionTests {
    /// Milliseconds between the 220 and the injected segment: -1 sends both in one segment (one
    /// read); 0 to 2 land while the client may still be switching to TLS (before the fix, the
    /// injection was read as the reply to EHLO on some of these, and a message went out); 100
    /// lands well after it has.
    static let gaps: [Double] = [-1, 0, 0, 0, 0, 0.1, 0.2, 0.5, 1, 2, 5, 20, 100]

    @Test(.requires(.python3)) func bytesInjectedAfterTheSTARTTLSReplyAreRefusedAndNeverReadAsAReply() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bi-starttls-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let files = try SMTPTestServer.certificates(in: directory)
        let relay = try await InjectingRelay.start(in: directory, files.certificate, files.key, gaps: Self.gaps)
        defer { relay.stop() }
        var settings = MailSettings()
        settings.smtpHost = "localhost"
        settings.smtpPort = relay.port
        settings.smtpSecurity = .startTLS
        settings.smtpTrustedCertificates = files.authority
        settings.smtpTimeout = .seconds(30)
        for (index, gap) in Self.gaps.enumerated() {
            let refused = await #expect(
                throws: SMTPError("localhost sent data in clear after agreeing to STARTTLS, before TLS began", transient: false),
                "injected \(gap) ms after the 220"
            ) {
                try await SMTPMailTransport(settings: settings, logger: Logger(label: "test"), backoff: []).send(MailDeliveryTests.message)
            }
            #expect(refused?.isTransient == false)
            let session = try await relay.session(index + 1)
            #expect(session["commands"] as? [String] == [], "injected \(gap) ms after the 220: \(session)")
            #expect(session["delivered"] as? Bool == false, "injected \(gap) ms after the 220: \(session)")
        }
    }
}

/// `ThirdParty/starttls_injector.py`, serving one connection per gap on a loopback port.
private final class InjectingRelay: @unchecked Sendable {
    let port: Int
    let directory: URL
    private let process: SpawnedProcess

    static func start(in directory: URL, _ certificate: String, _ key: String, gaps: [Double]) async throws -> InjectingRelay {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("ThirdParty/starttls_injector.py").path
        let process = try await SpawnedProcess.start(
            "/usr/bin/env", ["python3", script, directory.path, certificate, key] + gaps.map { "\($0)" }, error: STDERR_FILENO)
        let port = try await process.whenReady("the injecting relay starting") {
            (try? String(contentsOf: directory.appendingPathComponent("port"), encoding: .utf8)).flatMap { Int($0) }
        }
        return InjectingRelay(port: port, directory: directory, process: process)
    }

    private init(port: Int, directory: URL, process: SpawnedProcess) {
        (self.port, self.directory, self.process) = (port, directory, process)
    }

    /// What the relay saw on its `number`th connection, once it has ended (within 30 s).
    func session(_ number: Int) async throws -> [String: Any] {
        let file = directory.appendingPathComponent("\(number).json")
        for _ in 0..<1500 {
            if let data = try? Data(contentsOf: file) {
                return try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
            }
            guard process.isRunning else { break }
            try await Task.sleep(for: .milliseconds(20))
        }
        throw SetupError("the injecting relay did not record its connection \(number)")
    }

    func stop() {
        process.send(SIGKILL)
    }
}
