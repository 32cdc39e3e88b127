import Hummingbird
import Prometheus
import IdentityServerCore
import IdentityStorage
import OpenIDProvider
import DeviceSignIn
import Administration
import AdminConsole
import RealmKeys

/// The route table: the server's middleware, health, and each feature's routes (``RouteMount``).
/// `HEAD` is answered wherever `GET` is.
enum Routes {
    /// The routes, under `pathPrefix` (the configured public base URL's path, e.g. `/idp`, so
    /// that a proxy forwards `https://id.example/idp/…` unchanged); the health and metrics
    /// routes are also at the root, where probes reach the server directly. `/metrics` is left
    /// out when `servesMetrics` is false (it has a listener of its own).
    static func build(
        context: ServerContext, metrics registry: PrometheusCollectorRegistry, servesMetrics: Bool = true, pathPrefix: String = ""
    ) -> Router<ServerRequestContext> {
        let router = Router(context: ServerRequestContext.self, options: .autoGenerateHeadEndpoints)
        router.add(middleware: PathNormalizingMiddleware())
        router.add(middleware: RequestLogMiddleware(trustedProxies: context.trustedProxies, traceParentTrust: context.traceParentTrust))
        router.add(middleware: HTTPMetricsMiddleware(registry: registry))
        router.add(middleware: ErrorMiddleware(metrics: context.metrics))
        let administration = administration(context)
        let signIn = deviceSignIn(context, pathPrefix: pathPrefix)
        let console = context.console.enabled
            ? ConsoleController(
                environment: context.environment, settings: context.console, webhooks: context.webhooks,
                service: administration.acting, operators: operators(context, signIn), pathPrefix: pathPrefix)
            : nil
        if let console { router.add(middleware: console.pages) }
        let health = HealthController(store: context.store, readiness: context.readiness, metrics: servesMetrics ? registry : nil)
        health.register(on: router)
        let features = features(context, signIn: signIn, administration: administration, console: console)
        if pathPrefix.isEmpty {
            register(features, on: router)
        } else {
            let prefixed = router.group(RouterPath(pathPrefix))
            health.register(on: prefixed)
            register(features, on: prefixed)
        }
        return router
    }

    /// Mounts each feature's routes on `router`.
    private static func register(_ features: [any RouteMount], on router: some RouterMethods<ServerRequestContext>) {
        for feature in features { feature.register(on: router) }
    }

    /// The features, in the order their routes are added: device sign-in, the OpenID provider
    /// (which hands cross-device sign-ins to device sign-in's page), administration, the console.
    private static func features(
        _ context: ServerContext, signIn: DeviceSignInRoutes, administration: AdministrationRoutes, console: ConsoleController?
    ) -> [any RouteMount] {
        let provider = OpenIDProviderRoutes(
            environment: context.environment, keyring: context.keyring, lifetimes: context.lifetimes, seal: context.transactionSeal,
            dpopNonces: context.dpopNonces, publicClientProofs: context.publicClientProofs,
            crossDeviceLifetime: context.crossDeviceSignIn.lifetime, pinnedKeys: signIn.pinnedKeys, crossDevice: signIn.handoff)
        return [signIn, provider, administration] + (console.map { [$0] } ?? [])
    }

    /// Device sign-in: enrollment, authentication, the hosted pages and the account pages.
    private static func deviceSignIn(_ context: ServerContext, pathPrefix: String) -> DeviceSignInRoutes {
        let environment = context.environment
        return DeviceSignInRoutes(
            environment: environment, keyring: context.keyring, lifetimes: context.lifetimes, seal: context.transactionSeal,
            credentialExtension: .init(
                settings: context.credentialExtension, codes: context.extensionCodes, signals: context.extensionSignals,
                claimLimiter: context.claimRateLimiter),
            emailCodes: .init(settings: context.emailCodeSettings, codes: context.emailCodes, mail: context.mail, mailFrom: context.mailFrom),
            crossDevice: .init(settings: context.crossDeviceSignIn, codes: context.crossDeviceCodes),
            passkeys: .init(settings: context.passkeys, seal: context.passkeySeal),
            console: context.console.enabled ? AccountConsoleReturn(realmID: OperatorsRealm.realmID, root: pathPrefix + "/console") : nil,
            pathPrefix: pathPrefix)
    }

    /// The console's operators: the operators' realm's account sessions.
    private static func operators(_ context: ServerContext, _ signIn: DeviceSignInRoutes) -> ConsoleOperators {
        let (store, accounts, cookie) = (context.store, signIn.accounts, signIn.accountCookie)
        return ConsoleOperators(
            session: { secret in
                guard let realm = try await store.realm(id: OperatorsRealm.realmID) else { return nil }
                return try await accounts.session(secret, of: realm)
            },
            signOut: { try await accounts.signOut($0) },
            cookieName: cookie.name(of: OperatorsRealm.realmID), clearCookie: cookie.setting("", of: OperatorsRealm.realmID, lifetime: 0),
            signInPage: { [baseURL = context.baseURL] in OperatorsRealm.accountPage(baseURL) })
    }

    /// Administration, which the console acts through.
    private static func administration(_ context: ServerContext) -> AdministrationRoutes {
        AdministrationRoutes(
            environment: context.environment, keyring: context.keyring, lifetimes: context.lifetimes,
            signingKeyPrepublication: context.signingKeys.prepublication, mailFrom: context.mailFrom, webhooks: context.webhooks)
    }
}
