import ArgumentParser
import Foundation
import IdentityServer
import Logging
import IdentityServerCore

/// `bi-server serve` (the default): serves until SIGINT or SIGTERM.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "serve", abstract: "Serve (the default command).")

    @OptionGroup var options: ServerOptions

    func run() async throws {
        var configuration = try options.resolve().configuration
        EventLoopThreads.takeOver(count: configuration.connections.threads)
        // glibc looks at /etc/localtime again for every log line's timestamp while TZ is unset;
        // naming the file (the same zone) makes it read once.
        if ProcessInfo.processInfo.environment["TZ"] == nil { setenv("TZ", ":/etc/localtime", 1) }
        let (level, format) = (configuration.logger.logLevel, configuration.logFormat)
        LoggingSystem.bootstrap({ label, provider in
            var handler: any LogHandler = switch format {
            case .text: TextLogHandler(label: label, metadataProvider: provider)
            case .json: JSONLogHandler(label: label, metadataProvider: provider)
            }
            handler.logLevel = level
            return handler
        }, metadataProvider: ServerLogMetadata.provider)
        // Log lines are written in batches: whatever waits is written before the process exits,
        // and before an error this throws is printed.
        atexit { LogOutput.standardError.flush() }
        defer { LogOutput.standardError.flush() }
        let logger = Logger(label: "bi-server")
        configuration.logger = logger

        let server = try await IdentityServer.prepare(configuration)
        if let token = server.bootstrapAdminToken {
            let file = configuration.dataDirectory.appendingPathComponent("admin-token").path
            // The secret goes to a person at a terminal only, never into a log stream.
            if format == .text, isatty(STDOUT_FILENO) == 1 {
                say("Bootstrap admin token (shown once; also in \(file)): \(token)")
            } else {
                logger.notice("bootstrap admin token created: it is in the file named here, and never written to the log",
                              metadata: ["file": "\(file)"])
            }
        }
        let published = configuration.publicBaseURL
        let consoleOn = configuration.servesConsole
        try await server.run { url in
            let console = consoleOn ? (published.map { "\($0)" } ?? "\(url)").trimmingSuffix("/") + "/console" : nil
            switch format {
            case .text:
                say("bi-server listening on \(url)")
                if let published { say("bi-server public base URL \(published) (issuers and links are built on it)") }
                if let console { say("bi-server console at \(console) (operators sign in with a passkey or their phone)") }
            case .json:
                var metadata: Logger.Metadata = ["url": "\(url)"]
                metadata["public_base_url"] = published.map { "\($0)" }
                metadata["console_url"] = console.map { "\($0)" }
                logger.notice("listening", metadata: metadata)
            }
            await Self.announceFirstOwner(server, logger: logger, toTerminal: format == .text && isatty(STDOUT_FILENO) == 1)
        }
    }
}

extension ServeCommand {
    /// On the first start, the first owner's enrollment link: to a person at the terminal only
    /// (it enrolls the passkey that signs in to the console), never into a log stream; elsewhere
    /// the log says how to make one.
    static func announceFirstOwner(_ server: IdentityServer, logger: Logger, toTerminal: Bool) async {
        do {
            guard let link = try await server.prepareOperators() else { return }
            if toTerminal {
                say("First owner's enrollment link (shown once; open it in a browser to create the passkey that signs you in to the console): \(link)")
            } else {
                logger.notice(
                    "the first owner was created: their enrollment link is never written to the log; make one with the bootstrap admin token (POST /v1/admin/tenants/operators/realms/operators/identities/{id}/binding-jobs)")
            }
        } catch {
            logger.error("could not prepare the operators' realm", metadata: ["error": "\(error)"])
        }
    }
}

extension String {
    /// The text without one `suffix` at its end.
    fileprivate func trimmingSuffix(_ suffix: String) -> String { hasSuffix(suffix) ? String(dropLast(suffix.count)) : self }
}

/// Writes a line to stdout at once (no buffering), so it reaches a pipe or log file now.
func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}
