import ArgumentParser
import Foundation
import IdentityServer
import Logging

/// `bi-server serve` (the default): serves until SIGINT or SIGTERM.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "serve", abstract: "Serve (the default command).")

    @OptionGroup var options: ServerOptions

    func run() async throws {
        var configuration = try options.resolve().configuration
        // glibc looks at /etc/localtime again for every log line's timestamp while TZ is unset;
        // naming the file (the same zone) makes it read once.
        if ProcessInfo.processInfo.environment["TZ"] == nil { setenv("TZ", ":/etc/localtime", 1) }
        let (level, format) = (configuration.logger.logLevel, configuration.logFormat)
        LoggingSystem.bootstrap { label in
            var handler: any LogHandler = switch format {
            case .text: StreamLogHandler.standardError(label: label)
            case .json: JSONLogHandler(label: label)
            }
            handler.logLevel = level
            return handler
        }
        configuration.logger = Logger(label: "bi-server")

        let server = try await IdentityServer.prepare(configuration)
        if let token = server.bootstrapAdminToken {
            say("Bootstrap admin token (shown once; also in \(configuration.dataDirectory.path)/admin-token): \(token)")
        }
        let published = configuration.publicBaseURL
        try await server.run { url in
            say("bi-server listening on \(url)")
            if let published { say("bi-server public base URL \(published) (issuers and links are built on it)") }
        }
    }
}

/// Writes a line to stdout at once (no buffering), so it reaches a pipe or log file now.
func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}
