public import Foundation
public import IdentityStorage
public import Logging
public import Prometheus
public import IdentityServerCore
public import RealmKeys
public import MailDelivery
public import WebhookDelivery
public import OpenIDProvider
public import DeviceSignIn
public import AdminConsole

/// Everything `bi-server` can be told. Defaults suit a developer machine.
public struct ServerConfiguration: Sendable {
    /// Interface to listen on.
    public var host = "127.0.0.1"
    /// Port to listen on; 0 picks a free one.
    public var port = 8080
    /// Holds the SQLite database, the master key file, the bootstrap admin token and the outbox.
    public var dataDirectory = URL(fileURLWithPath: "data")
    /// `postgres://…` to use PostgreSQL; `nil` for SQLite in the data directory.
    public var databaseURL: String?
    /// With PostgreSQL: the schema holding the tables (created if missing); `nil` uses the
    /// connection's default `search_path`. Servers that share a database share a schema.
    public var databaseSchema: String?
    /// With SQLite: when a commit is durable; `.full` (the default) syncs each one.
    public var sqliteSynchronous = SQLiteSynchronous.full
    /// The URL devices and clients reach the server at (issuers and links are built on it);
    /// `nil` means `http://host:port` with the port actually bound.
    public var publicBaseURL: String?
    /// The master key (64 hex digits or base64 of 32 bytes); `nil` uses `master.key` in the
    /// data directory, created on first start.
    public var masterKey: String?
    /// Reverse proxies whose `X-Forwarded-For` names the client (for rate limits); empty
    /// means clients connect directly and the header is ignored.
    public var trustedProxies: [IPNetwork] = []
    /// Where enrollment emails go when set (tests, embedders); else as ``mail`` says.
    public var mailTransport: (any MailTransport)?
    /// Mail delivery: the SMTP relay, or the outbox directory; the `From` address.
    public var mail = MailSettings()
    /// Lifetimes of links, transactions, codes and tokens.
    public var lifetimes = Lifetimes()
    /// Timing and limits of credential extension (a second device).
    public var credentialExtension = CredentialExtension()
    /// Timing and limits of browser sign-ins approved on another device.
    public var crossDeviceSignIn = CrossDeviceSignIn()
    /// One-time codes mailed for sign-in without a credential.
    public var emailCodes = EmailCodes()
    /// Passkeys in the browser (WebAuthn).
    public var passkeys = PasskeySettings()
    /// Timeouts and limits of client connections.
    public var connections = Connections()
    /// What is purged, when, and in what batches.
    public var housekeeping = Housekeeping()
    /// Webhook delivery: retries, timeouts, which targets may be reached.
    public var webhooks = Webhooks()
    /// The operators' web console.
    public var console = Console()
    /// Whether the operators' console is served (at `/console`).
    public var servesConsole: Bool { console.enabled }
    /// Limits on the DPoP proofs public clients make the server record.
    public var publicClientProofs = PublicClientProofs()
    /// When token-signing keys rotate.
    public var signingKeys = SigningKeys()
    /// How many realms' keys and documents are kept in memory (token signers, root
    /// certificates, discovery documents; least recently used first out); the others are read
    /// and unsealed again when next used.
    public var realmCacheSize = RealmKeyring.defaultCapacity
    /// Where the server's own metrics are registered; `/metrics` publishes this registry.
    public var metrics = PrometheusCollectorRegistry()
    /// Where spans are exported (OpenTelemetry, OTLP over HTTP); off without an endpoint.
    public var traces = TraceExport()
    /// Where `/metrics` is served: `nil` on the main port; an address of its own (then not on
    /// the main port), for a network only the metrics collector reaches.
    public var metricsAddress: ListenAddress?
    /// The logger; secrets are never logged.
    public var logger = Logger(label: "bi-server")
    /// How `bi-server` writes its log lines (the logger above is bootstrapped with it).
    public var logFormat = LogFormat.text
    /// The clock. Tests inject one.
    public var now: @Sendable () -> Date = { Date() }

    /// A configuration with the defaults.
    public init() {}

    /// How long each single-use artifact lives.
    public typealias Lifetimes = ArtifactLifetimes
    /// The rotation of the realms' token-signing keys.
    public typealias SigningKeys = SigningKeySettings
    /// Timing and limits of credential extension.
    public typealias CredentialExtension = CredentialExtensionSettings
    /// Timing and limits of browser sign-ins approved on another device.
    public typealias CrossDeviceSignIn = CrossDeviceSettings
    /// One-time codes mailed for sign-in without a credential.
    public typealias EmailCodes = EmailCodeSettings
    /// The operators' web console.
    public typealias Console = ConsoleSettings
    /// Limits on the DPoP proofs public clients make the server record.
    public typealias PublicClientProofs = PublicClientProofLimits
    /// Webhook delivery's settings.
    public typealias Webhooks = WebhookSettings

    /// The purge of expired rows and old audit events.
    public struct Housekeeping: Sendable {
        /// How often the purge runs.
        public var interval: Duration = .seconds(600)
        /// How long expired rows are kept (replay detection and investigation look back this far).
        public var expiredRetention: TimeInterval = 86_400
        /// How long audit events are kept: a year by default; `nil` keeps them forever.
        public var auditRetention: TimeInterval? = 365 * 86_400
        /// Rows deleted per statement, so a purge never holds the database for long.
        public var batchSize = 500

        /// The defaults.
        public init() {}
    }

    /// Timeouts and limits that keep slow or greedy clients from exhausting the server.
    public struct Connections: Sendable {
        /// How long a connection may wait to send a complete request head: after it opens, and
        /// after each response (the keep-alive idle time).
        public var headTimeout: Duration = .seconds(15)
        /// How long a request's body may take to arrive once its head is in.
        public var bodyTimeout: Duration = .seconds(15)
        /// Open connections at most; beyond, new ones wait in the kernel's backlog.
        public var maxConnections = 2048
        /// Bytes of all header fields of a request together, at most.
        public var maxHeaderBytes = 16 * 1024
        /// Header fields of a request, at most.
        public var maxHeaderFields = 100
        /// How long a server told to stop (SIGTERM, SIGINT) keeps serving with `/readyz`
        /// answering `503` before it drains: long enough for a balancer's health checks to
        /// take it out of the pool, so no request is sent to it once it stops taking them.
        public var shutdownDelay: Duration = .zero
        /// Threads that read, handle and answer requests: NIO's event loops, which run every
        /// task too (``EventLoopThreads``); `nil` for one per core the process may use.
        public var threads: Int?

        /// The defaults.
        public init() {}
    }

}
