public import IdentityServerCore
import AdminConsole
import DeviceSignIn
import Logging
import MailDelivery
import OpenIDProvider
import RealmKeys
import WebhookDelivery

/// Every setting of the server, in the order `check-config` and docs/operating.md list them.
public enum ServerSettings {
    /// All of them.
    public static let all: [Setting<ServerConfiguration>] = Array([
        listening, storage,
        lifted(ArtifactLifetimes.settings, at: \.lifetimes),
        lifted(SigningKeySettings.settings, at: \.signingKeys),
        lifted(MailSettings.settings, at: \.mail),
        lifted(CredentialExtensionSettings.settings, at: \.credentialExtension),
        lifted(CrossDeviceSettings.settings, at: \.crossDeviceSignIn),
        lifted(EmailCodeSettings.settings, at: \.emailCodes),
        lifted(PasskeySettings.settings, at: \.passkeys),
        connections, caches, housekeeping,
        lifted(ConsoleSettings.settings, at: \.console),
        lifted(PublicClientProofLimits.settings, at: \.publicClientProofs),
        lifted(WebhookSettings.settings, at: \.webhooks),
        lifted(TraceExport.settings, at: \.traces),
    ].joined())

    /// A feature's settings, held in the configuration at `path`.
    private static func lifted<Feature>(
        _ settings: [Setting<Feature>], at path: any WritableKeyPath<ServerConfiguration, Feature> & Sendable
    ) -> [Setting<ServerConfiguration>] {
        settings.map { $0.within(path) }
    }

    /// The settings as a Markdown table: key, environment variable, default and meaning (the
    /// table in docs/operating.md is this text, and a test keeps it so).
    public static var markdownTable: String {
        let defaults = ServerConfiguration()
        let rows = all.map { setting in
            let value = setting.value(in: defaults)
            return "| `\(setting.key)` | `\(setting.environmentVariable)` | \(value.isEmpty ? "—" : "`\(value)`") | \(setting.help) |"
        }
        return (["| key | environment variable | default | meaning |", "|---|---|---|---|"] + rows).joined(separator: "\n")
    }

    private static let listening: [Setting<ServerConfiguration>] = [
        Setting("host", \.host, .text, help: "Interface to listen on."),
        Setting("port", \.port, .integer(0...65_535), help: "Port to listen on; 0 picks a free one."),
        Setting(
            "public_base_url", \.publicBaseURL, .optionalBaseURL,
            help: "The URL clients and devices reach the server at; default http://HOST:PORT. Routes are served under its path."),
        Setting(
            "trusted_proxies", \.trustedProxies, .networks,
            help: "Reverse proxies (addresses or CIDR networks) whose X-Forwarded-For names the client."),
        Setting("log.level", \.logger.logLevel, .logLevel, help: "Least severe log level written."),
        Setting("log.format", \.logFormat, .logFormat, help: "text, or json: one object per line with stable keys."),
        Setting(
            "metrics.address", \.metricsAddress, .optionalListenAddress,
            help: "host:port to serve /metrics on, and not on the main port; default: the main port."),
    ]

    private static let storage: [Setting<ServerConfiguration>] = [
        Setting(
            "data_directory", \.dataDirectory, .directory,
            help: "SQLite database, master key, bootstrap admin token and outbox."),
        Setting(
            "database.url", \.databaseURL, .optionalText, secret: true,
            help: "postgres://user:password@host:port/database to use PostgreSQL instead of SQLite."),
        Setting(
            "database.schema", \.databaseSchema, .optionalText,
            help: "PostgreSQL schema of the tables (created if missing); servers on one database share it."),
        Setting(
            "database.sqlite_synchronous", \.sqliteSynchronous, .cases,
            help: "full: each SQLite commit synced, surviving power loss; normal: faster, a power loss may undo the last commits."),
        Setting(
            "master_key", \.masterKey, .optionalText, secret: true,
            help: "The master key, 64 hex digits or base64 of 32 bytes; default: master.key in the data directory."),
    ]

    private static let caches: [Setting<ServerConfiguration>] = [
        Setting(
            "cache.realms", \.realmCacheSize, .integer(1...10_000_000),
            help: "Realms whose signing keys, root certificate and discovery document stay in memory (least recently used go first); others are reloaded on use."),
    ]

    private static let connections: [Setting<ServerConfiguration>] = [
        Setting(
            "connections.head_timeout", \.connections.headTimeout, .duration(1...600),
            help: "How long a connection may take to send a request head (also the keep-alive idle time)."),
        Setting(
            "connections.body_timeout", \.connections.bodyTimeout, .duration(1...600),
            help: "How long a request body may take to arrive once its head is in."),
        Setting("connections.max", \.connections.maxConnections, .integer(1...1_000_000), help: "Open connections at most."),
        Setting(
            "connections.threads", \.connections.threads, .optionalInteger(1...1024),
            help: "Threads that read, handle and answer requests (each runs tasks too); default: one per core the process may use."),
        Setting(
            "connections.max_header_bytes", \.connections.maxHeaderBytes, .integer(1024...1_048_576),
            help: "Bytes of a request's header fields together, at most."),
        Setting(
            "connections.max_header_fields", \.connections.maxHeaderFields, .integer(10...10_000),
            help: "Header fields of a request, at most."),
        Setting(
            "connections.shutdown_delay", \.connections.shutdownDelay, .duration(0...600),
            help: "On SIGTERM or SIGINT, how long the server keeps serving with /readyz answering 503 (so a balancer stops sending it requests) before it drains and stops."),
    ]

    private static let housekeeping: [Setting<ServerConfiguration>] = [
        Setting(
            "housekeeping.interval", \.housekeeping.interval, .duration(1...86_400),
            help: "How often expired rows and old audit events are purged."),
        Setting(
            "housekeeping.expired_retention", \.housekeeping.expiredRetention, .seconds(0...365 * 86_400),
            help: "How long expired rows are kept (replay detection and investigation look back this far)."),
        Setting(
            "housekeeping.audit_retention", \.housekeeping.auditRetention, .secondsOrForever(86_400...100 * 365 * 86_400),
            help: "How long audit events are kept; 0 keeps them forever."),
        Setting(
            "housekeeping.batch_size", \.housekeeping.batchSize, .integer(1...100_000),
            help: "Rows deleted per statement, so a purge never holds the database for long."),
    ]

}
