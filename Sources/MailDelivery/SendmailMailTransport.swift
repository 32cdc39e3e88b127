import Foundation
public import Logging
package import Subprocess
import SystemPackage
public import IdentityServerCore

/// Delivers mail by handing it to a `sendmail`-compatible command (Postfix's, Exim's, msmtp,
/// …) as `sendmail -i -f FROM -- TO`, the message on standard input. No shell is involved,
/// and `--` ends the options, so an address can never become an argument of its own. Exit
/// status 75 (`EX_TEMPFAIL`) is tried again after 1 s and 2 s; any other failure, or a run that
/// takes longer than the timeout, is permanent. The command gets a minimal environment.
public struct SendmailMailTransport: MailTransport {
    /// The command's absolute path.
    package let path: String
    package let logger: Logger
    /// Waits before the second and third attempts.
    package let backoff: [Duration]
    /// How long one run of the command may take before it is stopped.
    package let timeout: Duration

    /// A transport running the command at `path`.
    public init(path: String, logger: Logger, backoff: [Duration] = [.seconds(1), .seconds(2)], timeout: Duration = .seconds(60)) {
        self.path = path
        self.logger = logger
        self.backoff = backoff
        self.timeout = timeout
    }

    public func send(_ message: MailMessage) async throws {
        let text = message.rfc5322(date: Date())
        try await MailRetry.deliver(backoff: backoff, logger: logger) {
            try await run(arguments: ["-i", "-f", message.from, "--", message.to], input: text)
        }
    }

    /// A file readable by its descriptor only (owner-only, unlinked at once: the message holds
    /// an enrollment link), holding `text`, positioned at its start.
    private static func unlinkedFile(holding text: String) throws -> FileDescriptor {
        let path = FilePath(FileManager.default.temporaryDirectory.appendingPathComponent("bi-mail-\(UUID().uuidString)").path)
        do {
            let file = try FileDescriptor.open(path, .readWrite, options: [.create, .exclusiveCreate], permissions: [.ownerReadWrite])
            _ = try? FileManager.default.removeItem(atPath: path.string)
            do {
                _ = try file.writeAll(Array(text.utf8))
                _ = try file.seek(offset: 0, from: .start)
            } catch {
                try? file.close()
                throw error
            }
            return file
        } catch {
            throw SendmailError("cannot write the message for the command: \(error)", transient: true)
        }
    }

    /// What the command sees of the server's environment: where programs and the home
    /// directory are (msmtp reads its configuration there), the user and the locale. Never the
    /// rest, where `BI_MASTER_KEY`, the database URL and the SMTP password may be.
    package static var environment: Environment {
        let kept = ["PATH", "HOME", "USER", "LOGNAME", "LANG", "LC_ALL", "TZ"]
        let server = ProcessInfo.processInfo.environment
        return .custom(Dictionary(uniqueKeysWithValues: kept.compactMap { name in
            server[name].flatMap { value in Environment.Key(rawValue: name).map { ($0, value) } }
        }))
    }

    /// Runs the command once with `input` on its standard input; stopped after ``timeout``
    /// (Subprocess ends a cancelled child). swift-subprocess, not Foundation's `Process`, whose
    /// pipes leak into other children started meanwhile. The input is a file, not a pipe: a
    /// command that exits without reading it, or is stopped, leaves no write half done.
    private func run(arguments: [String], input: String) async throws {
        let message = try Self.unlinkedFile(holding: input)
        defer { try? message.close() }
        let outcome = try await withThrowingTaskGroup(of: ExecutionResult<Void, DiscardedOutput, StringOutput<UTF8>>?.self) { group in
            group.addTask {
                do {
                    return try await Subprocess.run(
                        .path(FilePath(path)), arguments: Arguments(arguments), environment: Self.environment,
                        input: .fileDescriptor(message, closeAfterSpawningProcess: false), output: .discarded,
                        error: .string(limit: 1 << 20))
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
