import ArgumentParser
import Foundation
import IdentityServer
import IdentityServerCore

/// The flags every subcommand shares: the configuration file and the settings most often given
/// on the command line. Each is optional, so that the environment and the file can supply it.
struct ServerOptions: ParsableArguments {
    @Option(help: "JSON configuration file (BI_CONFIG).")
    var config: String?

    @Option(help: "Interface to listen on (BI_HOST; default 127.0.0.1).")
    var host: String?

    @Option(help: "Port to listen on; 0 picks a free one (BI_PORT; default 8080).")
    var port: String?

    @Option(help: "Data directory: SQLite database, master key, admin token, outbox (BI_DATA_DIRECTORY; default ./data).")
    var dataDirectory: String?

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

    @Option(help: "Log level: trace, debug, info, notice, warning, error, critical (BI_LOG_LEVEL; default info).")
    var logLevel: String?

    @Option(help: "Log format: text, or json, one object per line (BI_LOG_FORMAT; default text).")
    var logFormat: String?

    /// The settings from these flags, the environment and the configuration file.
    func resolve(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> ResolvedSettings {
        let given: [(key: String, flag: String, value: String?)] = [
            ("host", "--host", host), ("port", "--port", port), ("data_directory", "--data-directory", dataDirectory),
            ("database.url", "--database-url", databaseURL), ("database.schema", "--database-schema", databaseSchema),
            ("public_base_url", "--public-base-url", publicBaseURL), ("log.level", "--log-level", logLevel),
            ("log.format", "--log-format", logFormat),
            ("trusted_proxies", "--trusted-proxy", trustedProxies.isEmpty ? nil : trustedProxies.joined(separator: ",")),
        ]
        var flags: [String: ResolvedSettings.Flag] = [:]
        for (key, flag, value) in given {
            if let value { flags[key] = ResolvedSettings.Flag(name: flag, value: value) }
        }
        let file = (config ?? environment["BI_CONFIG"].flatMap { $0.isEmpty ? nil : $0 }).map(URL.init(fileURLWithPath:))
        return try ResolvedSettings.resolve(flags: flags, environment: environment, file: file)
    }
}
