import Foundation
package import Hummingbird
import HummingbirdCore
package import IdentityStorage
import Logging
import Prometheus
import NIOCore
public import ServiceLifecycle
package import IdentityServerCore
import RealmKeys
import MailDelivery
import UnixSignals
import WebhookDelivery
import ServerTracing
import Tracing
import OpenIDProvider
import DeviceSignIn
import Administration

/// The identity server: storage opened and migrated, keys ready, routes built. `prepare`
/// does the slow work once; `run` serves until cancelled or signalled.
public struct IdentityServer: Sendable {
    /// The admin token created on the very first start (also written 0600 to
    /// `admin-token` in the data directory); `nil` on later starts.
    public let bootstrapAdminToken: String?
    private let configuration: ServerConfiguration
    let context: ServerContext
    /// The tracer and its exporter, when the server traces.
    private let traces: TraceBackend?

    /// The server's store, for tests that look at what a request left behind.
    package var store: any IdentityStore { context.store }

    /// Every route (method and path, a parameter as `{name}`), `HEAD` ones not yet generated;
    /// for tests that walk the whole table.
    package var routeTable: [Router<ServerRequestContext>.RouteDescription] {
        Routes.build(context: context, metrics: PrometheusCollectorRegistry()).routes
    }

    /// Makes the operators' realm when it is missing and, while there is no operator, the first
    /// owner: returns the owner's enrollment link, for a person at the terminal only (it enrolls
    /// the passkey that signs them in to the console); `nil` when there are operators. Call it
    /// once the server listens: the link is under the public base URL.
    public func prepareOperators() async throws -> String? {
        try await OperatorsRealm.prepare(AdminService(
            store: context.store, keyring: context.keyring, mailFrom: context.mailFrom, audit: context.audit, lifetimes: context.lifetimes,
            baseURL: context.baseURL, now: context.now, admin: .commandLine, signingKeyPrepublication: context.signingKeys.prepublication))
    }

    /// Opens storage (applying migrations), loads or creates the master key, and creates the
    /// bootstrap admin token on first start.
    public static func prepare(_ configuration: ServerConfiguration) async throws -> IdentityServer {
        let traces = try TraceBackend.make(configuration.traces, logger: configuration.logger)
        let opened = try await OpenedStorage.open(configuration)
        let (store, directory) = (opened.store, opened.directory)
        let masterKey = try await opened.masterKey(configuration)
        return try await opened.closing {
            let context = ServerContext(
                store: store,
                keyring: RealmKeyring(
                    store: store, sealer: SecretSealer(masterKey: masterKey), tokenLifetime: configuration.lifetimes.token,
                    capacity: configuration.realmCacheSize, now: configuration.now),
                mail: configuration.mailTransport ?? configuration.mail.transport(
                    logger: configuration.logger, outbox: OutboxMailTransport(directory: directory.appendingPathComponent("outbox"), now: configuration.now)),
                queuedMail: configuration.mailTransport ?? configuration.mail.transport(
                    logger: configuration.logger, outbox: OutboxMailTransport(directory: directory.appendingPathComponent("outbox"), now: configuration.now),
                    backoff: []),
                mailFrom: configuration.mail.from,
                lifetimes: configuration.lifetimes,
                signingKeys: configuration.signingKeys,
                console: configuration.console,
                publicClientProofs: configuration.publicClientProofs,
                credentialExtension: configuration.credentialExtension,
                extensionCodes: .extensionCodes(masterKey: masterKey),
                emailCodes: .emailCodes(masterKey: masterKey),
                emailCodeSettings: configuration.emailCodes,
                passkeys: configuration.passkeys,
                passkeySeal: PasskeyCeremonySeal(sealer: SecretSealer(masterKey: masterKey)),
                crossDeviceSignIn: configuration.crossDeviceSignIn,
                crossDeviceCodes: CrossDeviceCodes(masterKey: masterKey),
                transactionSeal: TransactionSeal(masterKey: masterKey),
                dpopNonces: DPoPNonces(masterKey: masterKey, now: configuration.now),
                extensionSignals: ExtensionSignals(),
                claimRateLimiter: AttemptRateLimiter(
                    store: store, perAddressPerMinute: configuration.credentialExtension.claimsPerAddressPerMinute,
                    globalPerMinute: configuration.credentialExtension.claimsPerMinute, now: configuration.now),
                trustedProxies: TrustedProxies(networks: configuration.trustedProxies),
                traceParentTrust: configuration.traces.continueFrom,
                baseURL: PublicBaseURL(configuration.publicBaseURL ?? "http://\(configuration.host):\(configuration.port)"),
                logger: configuration.logger,
                metrics: ServerMetrics(registry: configuration.metrics),
                webhooks: WebhookContext(
                    settings: configuration.webhooks, sealer: SecretSealer(masterKey: masterKey),
                    metrics: WebhookMetrics(registry: configuration.metrics)),
                now: configuration.now
            )
            let created = try await context.keyring.createMissingSigningKeys()
            if created > 0 { configuration.logger.info("created signing keys for realms without one", metadata: ["realms": "\(created)"]) }
            let token = try await AdminBootstrap.createFirstToken(store: store, audit: context.audit, dataDirectory: directory)
            return IdentityServer(bootstrapAdminToken: token, configuration: configuration, context: context, traces: traces)
        }
    }

    /// The server as a service: add it to a `ServiceGroup` and trigger the group's graceful
    /// shutdown to stop it. It drains requests, then closes storage. `onRunning` gets the
    /// address it listens on once the port is bound.
    public func service(onRunning: @escaping @Sendable (String) async -> Void = { _ in }) -> any Service {
        let server = ServerService(app: application(onRunning: onRunning), store: context.store, tracer: traces?.tracer)
        guard let traces else { return server }
        // A group stops its services last to first: the exporter flushes once requests are drained.
        return ServiceGroup(configuration: .init(
            services: [
                .init(service: traces.service),
                .init(service: server, successTerminationBehavior: .gracefullyShutdownGroup),
            ],
            logger: configuration.logger))
    }

    /// The HTTP application (routes, housekeeping and the extension relay), not yet running;
    /// tests drive it through its router. `onRunning` gets the address it listens on
    /// (`http://host:port`) once the port is bound.
    package func application(onRunning: @escaping @Sendable (String) async -> Void = { _ in }) -> some ApplicationProtocol {
        let configured = configuration.publicBaseURL
        let baseURL = context.baseURL
        let host = configuration.host
        let limits = configuration.connections
        return Application(
            router: Routes.build(
                context: context, metrics: configuration.metrics, servesMetrics: configuration.metricsAddress == nil,
                pathPrefix: PublicBaseURL.pathPrefix(of: configured)),
            server: HTTPServerBuilder { responder in
                FramedHTTP1Channel(inner: HTTP1Channel(responder: responder, configuration: HTTP1Channel.Configuration(
                    additionalChannelHandlers: [
                        HeadRefusalResponder(maxRequestLine: limits.maxHeaderBytes),
                        RequestBodyTimeoutHandler(timeout: TimeAmount(limits.bodyTimeout)),
                    ],
                    idleTimeout: TimeAmount(limits.headTimeout),
                    httpDecoderConfiguration: .init(
                        maxHeaderFieldSize: limits.maxHeaderBytes, maxHeaderListSize: limits.maxHeaderBytes,
                        maxHeaderFieldCount: limits.maxHeaderFields))))
            },
            configuration: .init(
                address: .hostname(configuration.host, port: configuration.port), serverName: "bi-server",
                availableConnectionsDelegate: MaximumAvailableConnections(limits.maxConnections)),
            services: [
                HousekeepingService(
                    store: context.store, settings: configuration.housekeeping, audit: context.audit, logger: context.logger,
                    now: context.now),
                ExtensionChangeRelay(store: context.store, signals: context.extensionSignals),
                SigningKeyRotationService(
                    keyring: context.keyring, settings: configuration.signingKeys, audit: context.audit, logger: context.logger,
                    now: context.now),
                WebhookDeliveryService(
                    store: context.store, sealer: context.webhooks.sealer, settings: context.webhooks.settings,
                    metrics: context.webhooks.metrics, logger: context.logger, now: context.now),
                MailDeliveryService(
                    store: context.store, sealer: context.keyring.sealer, transport: context.queuedMail,
                    retryDelays: configuration.mail.retryDelays, pollInterval: configuration.webhooks.pollInterval,
                    lease: configuration.webhooks.lease, logger: context.logger, now: context.now),
            ] + (configuration.metricsAddress.map { address in
                [MetricsEndpoint.application(configuration.metrics, on: address, logger: configuration.logger)]
            } ?? []),
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? 0
                let listening = "http://\(host.contains(":") ? "[\(host)]" : host):\(port)"
                if configured == nil { baseURL.set(listening) }
                await onRunning(listening)
            },
            logger: configuration.logger
        )
    }

    /// Closes storage (after ``application(onRunning:)`` has been driven without ``service(onRunning:)``).
    package func shutdown() async throws {
        try await context.store.shutdown()
    }

    /// Serves until SIGINT or SIGTERM; then, with `/readyz` answering `503`, serves on for the
    /// configured shutdown delay, drains requests and closes storage.
    public func run(onRunning: @escaping @Sendable (String) async -> Void = { _ in }) async throws {
        // A group stops its services last to first: the delay ends before the server stops.
        let delay = ShutdownDelay(readiness: context.readiness, delay: configuration.connections.shutdownDelay, logger: configuration.logger)
        try await ServiceGroup(configuration: .init(
            services: [service(onRunning: onRunning), delay], gracefulShutdownSignals: [.sigterm, .sigint],
            logger: configuration.logger
        )).run()
    }
}

/// Runs the HTTP application (every task of it recording spans with `tracer`, when there is
/// one), then closes storage however it ended.
private struct ServerService<App: ApplicationProtocol>: Service {
    let app: App
    let store: any IdentityStore
    let tracer: (any Tracer)?

    func run() async throws {
        var failure: (any Error)?
        do {
            try await Traces.$tracer.withValue(tracer) { try await app.run() }
        } catch {
            failure = error
        }
        // A new task does not inherit a cancellation, so storage closes even then.
        try await Task { [store] in try await store.shutdown() }.value
        if let failure { throw failure }
    }
}
