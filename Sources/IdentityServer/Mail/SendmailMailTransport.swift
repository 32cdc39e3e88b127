import Foundation
public import Logging
import Subprocess
import SystemPackage

/// Delivers mail by handing it to a `sendmail`-compatible command (Postfix's, Exim's, msmtp,
/// …) as `sendmail -i -f FROM -- TO`, the message on standard input. No shell is involved,
/// and `--` ends the options, so an address can never become an argument of its own. Exit
/// status 75 (`EX_TEMPFAIL`) is tried again after 1 s and 2 s; any other failure, or a run that
/// takes longer than the timeout, is permanent. The command gets a minimal environment.
public struct SendmailMailTransport: MailTransport {
    /// The command's absolute path.
    let path: String
    let logger: Logger
    /// Waits before the second and third attempts.
    let backoff: [Duration]
    /// How long one run of the command may take before it is stopped.
    let timeout: Duration

    /// A transport running the command at `path`.
    public init(path: String, logger: Logger, backoff: [Duration] = [.seconds(1), .seconds(2)], timeout: Duration = .seconds(60)) {
        self.path = path
        self.logger = logger
        self.backoff = backoff
        self.timeout = timeout
    }

    public func send(_ message: MailMessage) async throws {
        let text = message.rfc5322(date: Date(), messageID: "\(UUID().uuidString.lowercased())@bi-server")
        try await MailRetry.deliver(backoff: backoff, logger: logger) {
            try await run(arguments: ["-i", "-f", message.from, "--", message.to], input: text)
        }
    }

    /// What the command sees of the server's environment: where programs and the home
    /// directory are (msmtp reads its configuration there), the user and the locale. Never the
    /// rest, where `BI_MASTER_KEY`, the database URL and the SMTP password may be.
    static var environment: Environment {
        let kept = ["PATH", "HOME", "USER", "LOGNAME", "LANG", "LC_ALL", "TZ"]
        let server = ProcessInfo.processInfo.environment
        return .custom(Dictionary(uniqueKeysWithValues: kept.compactMap { name in
            server[name].flatMap { value in Environment.Key(rawValue: name).map { ($0, value) } }
        }))
    }

    /// Runs the command once with `input` on its standard input; stopped after ``timeout``
    /// (Subprocess ends a cancelled child). swift-subprocess, not Foundation's `Process`,
    /// whose pipes leak into other children started meanwhile, holding their ends open.
    private func run(arguments: [String], input: String) async throws {
        let outcome = try await withThrowingTaskGroup(of: ExecutionResult<Void, DiscardedOutput, StringOutput<UTF8>>?.self) { group in
            group.addTask {
                do {
                    return try await Subprocess.run(
                        .path(FilePath(path)), arguments: Arguments(arguments), environment: Self.environment, input: .string(input),
                        output: .discarded, error: .string(limit: 1 << 20))
                } catch let error as SubprocessError {
                    throw SendmailError("cannot run \(path): \(error)", transient: false)
                }
            }
            group.addTask {
                try await Task.sleep(for: timeout)
                return nil
            }
            defer { group.cancelAll() }
            return try await group.next() ?? nil
        }
        // Not tried again: the command may have queued the message before it hung.
        guard let outcome else { throw SendmailError("did not finish within \(timeout); it may have sent the message", transient: false) }
        switch outcome.terminationStatus {
        case .exited(0):
            return
        case .exited(let status):
            let firstLine = outcome.standardError.split(whereSeparator: \.isNewline).first.map { String($0.prefix(300)) }
            throw SendmailError(exitStatus: status, firstLine ?? "no error output")
        case .signaled(let signal):
            throw SendmailError("stopped by signal \(signal)", transient: true)
        }
    }
}
