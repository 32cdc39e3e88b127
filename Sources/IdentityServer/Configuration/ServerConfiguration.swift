public import Foundation
public import IdentityStorage
public import Logging
public import Prometheus
public import IdentityServerCore
import RealmKeys
public import MailDelivery
public import WebhookDelivery

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
    /// Timeouts and limits of client connections.
    public var connections = Connections()
    /// What is purged, when, and in what batches.
    public var housekeeping = Housekeeping()
    /// Webhook delivery: retries, timeouts, which targets may be reached.
    public var webhooks = Webhooks()
    /// The operators' web console.
    public var console = Console()
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

    /// Webhook delivery's settings.
    public typealias Webhooks = WebhookSettings

    /// How long each single-use artifact lives.
    public struct Lifetimes: Sendable {
        /// An authentication transaction (from `/authorize` to the device's assertion).
        public var transaction: TimeInterval = 300
        /// An authorization code (RFC 6749 §4.1.2 recommends at most 10 minutes; we use 60 s).
        public var authorizationCode: TimeInterval = 60
        /// Access and ID tokens.
        public var token: TimeInterval = 3600
        /// An enrollment link, unless the binding job says otherwise.
        public var bindingJob: TimeInterval = 86_400

        /// The defaults.
        public init() {}
    }

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

    /// The rotation of the realms' token-signing keys (the master key and the realm CA keys
    /// are not touched by it).
    public struct SigningKeys: Sendable {
        /// How long a key signs before a successor replaces it; `nil` never rotates on a schedule.
        public var lifetime: TimeInterval? = 90 * 86_400
        /// How long a successor is published (in JWKS) before it signs, so that relying parties
        /// that cache the key set have it in time.
        public var prepublication: TimeInterval = 86_400
        /// How often keys are checked for their rotation.
        public var checkInterval: Duration = .seconds(600)

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

        /// The defaults.
        public init() {}
    }

    /// Timing and limits of credential extension (adding a second device with a 9-digit code).
    public struct CredentialExtension: Sendable {
        /// How long a code works before the first device replaces it (the seed's 90 s).
        public var codeLifetime: TimeInterval = 90
        /// How long a session lives at most, whatever its state.
        public var sessionLifetime: TimeInterval = 600
        /// The first device counts as gone when it has not polled for this long, and a claim
        /// it has not endorsed within this long fails.
        public var holderTimeout: TimeInterval = 60
        /// How often a waiting long poll re-reads its session anyway. Changes wake it at once
        /// (on another instance through PostgreSQL notifications); this is the safety net for a
        /// notification lost while the listening connection reconnects.
        public var recheckInterval: Duration = .seconds(5)
        /// Code claims one client address may attempt per minute.
        public var claimsPerAddressPerMinute = 10
        /// Code claims all clients together may attempt per minute.
        public var claimsPerMinute = 120

        /// The defaults.
        public init() {}
    }

    /// The operators' web console at `{public base URL}/console`.
    public struct Console: Sendable {
        /// Whether the console is served at all.
        public var enabled = true
        /// A console session ends after this long without a request.
        public var idleTimeout: TimeInterval = 30 * 60
        /// A console session ends this long after sign-in, however active.
        public var sessionLifetime: TimeInterval = 12 * 3600
        /// Sign-in attempts one client network may make per minute.
        public var signInsPerAddressPerMinute = 10

        /// The defaults.
        public init() {}
    }

    /// How many DPoP proofs a public client's token requests may have recorded (each proof's
    /// `jti` is a row until it expires): anyone may use a public client's id, so without a limit
    /// anyone could make the server write a row per request.
    public struct PublicClientProofs: Sendable {
        /// Per client network (an IPv4 address, an IPv6 /64) and client, per minute.
        public var perAddressPerMinute = 120
        /// Per client, all networks together, per minute (only what the per-network limit let through counts).
        public var perClientPerMinute = 12_000

        /// The defaults.
        public init() {}
    }
}
