import ArgumentParser
import Foundation
import IdentityServer
import Logging
import Metrics
import Prometheus

/// `bi-server`: configuration and lifecycle only; everything else is the IdentityServer library.
@main
struct BIServer: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bi-server",
        abstract: "The self-hosted identity server: OpenID Connect provider, device API and admin API.",
        discussion: """
            Every option can also be set with its BI_* environment variable; a flag wins.

            Example:
              bi-server --port 8080 --data-directory ./data
              BI_DATABASE_URL=postgres://bi:secret@127.0.0.1/bi bi-server --public-base-url https://id.example.com
            """)

    @Option(help: "Interface to listen on (BI_HOST).")
    var host = env("BI_HOST") ?? "127.0.0.1"

    @Option(help: "Port to listen on; 0 picks a free one (BI_PORT).")
    var port = env("BI_PORT").flatMap(Int.init) ?? 8080

    @Option(help: "Data directory: SQLite database, master key, admin token, outbox (BI_DATA_DIRECTORY).")
    var dataDirectory = env("BI_DATA_DIRECTORY") ?? "data"

    @Option(help: "postgres://user:password@host:port/database to use PostgreSQL instead of SQLite (BI_DATABASE_URL).")
    var databaseURL: String?

    @Option(help: "PostgreSQL schema to keep the tables in (created if missing), so several deployments can share a database (BI_DATABASE_SCHEMA).")
    var databaseSchema: String?

    @Option(help: "The URL clients and devices reach this server at; default http://HOST:PORT (BI_PUBLIC_BASE_URL).")
    var publicBaseURL: String?

    @Option(name: .customLong("trusted-proxy"), help: """
        A reverse proxy (address or CIDR network; repeatable) whose X-Forwarded-For names the client \
        for rate limits (BI_TRUSTED_PROXIES, comma-separated).
        """)
    var trustedProxies: [String] = []

    @Option(help: "Log level: trace, debug, info, notice, warning, error, critical (BI_LOG_LEVEL).")
    var logLevel = env("BI_LOG_LEVEL") ?? "info"

    func run() async throws {
        guard let level = Logger.Level(rawValue: logLevel) else {
            throw ValidationError("unknown log level '\(logLevel)'")
        }
        // glibc looks at /etc/localtime again for every log line's timestamp while TZ is unset;
        // naming the file (the same zone) makes it read once.
        if Self.env("TZ") == nil { setenv("TZ", ":/etc/localtime", 1) }
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
        }
        let proxies = trustedProxies.isEmpty
            ? (Self.env("BI_TRUSTED_PROXIES")?.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } ?? [])
            : trustedProxies
        var configuration = ServerConfiguration()
        configuration.trustedProxies = try proxies.map { proxy in
            guard let network = IPNetwork(proxy) else { throw ValidationError("'\(proxy)' is not an address or CIDR network") }
            return network
        }
        configuration.host = host
        configuration.port = port
        configuration.dataDirectory = URL(fileURLWithPath: dataDirectory)
        configuration.databaseURL = databaseURL ?? Self.env("BI_DATABASE_URL")
        configuration.databaseSchema = databaseSchema ?? Self.env("BI_DATABASE_SCHEMA")
        configuration.publicBaseURL = publicBaseURL ?? Self.env("BI_PUBLIC_BASE_URL")
        configuration.masterKey = Self.env("BI_MASTER_KEY")
        configuration.logger = Logger(label: "bi-server")
        MetricsSystem.bootstrap(PrometheusMetricsFactory(registry: configuration.metrics))

        let server = try await IdentityServer.prepare(configuration)
        if let token = server.bootstrapAdminToken {
            Self.say("Bootstrap admin token (shown once; also in \(dataDirectory)/admin-token): \(token)")
        }
        try await server.run { url in
            Self.say("bi-server listening on \(url)")
        }
    }

    /// Writes a line to stdout at once (no buffering), so it reaches a pipe or log file now.
    private static func say(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }

    private static func env(_ name: String) -> String? {
        ProcessInfo.processInfo.environment[name].flatMap { $0.isEmpty ? nil : $0 }
    }
}
