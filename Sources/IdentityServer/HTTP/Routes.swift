import Hummingbird
import Prometheus
import IdentityServerCore

/// The route table: one controller per endpoint family. `HEAD` is answered wherever `GET` is.
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
        router.add(middleware: RequestLogMiddleware(trustedProxies: context.trustedProxies))
        router.add(middleware: HTTPMetricsMiddleware(registry: registry))
        router.add(middleware: ErrorMiddleware(metrics: context.metrics))
        let console = context.console.enabled
            ? ConsoleController(context: context, service: adminService(context), pathPrefix: pathPrefix) : nil
        if let console { router.add(middleware: console.pages) }
        let health = HealthController(store: context.store, metrics: servesMetrics ? registry : nil)
        health.register(on: router)
        if pathPrefix.isEmpty {
            register(context: context, on: router, console: console, pathPrefix: pathPrefix)
        } else {
            let prefixed = router.group(RouterPath(pathPrefix))
            health.register(on: prefixed)
            register(context: context, on: prefixed, console: console, pathPrefix: pathPrefix)
        }
        return router
    }

    private static func register(
        context: ServerContext, on router: some RouterMethods<ServerRequestContext>, console: ConsoleController?, pathPrefix: String
    ) {
        let (store, keyring, audit, metrics, lifetimes, baseURL, now) = (
            context.store, context.keyring, context.audit, context.metrics, context.lifetimes, context.baseURL, context.now)
        EnrollmentController(service: EnrollmentService(
            store: store, keyring: keyring, audit: audit, metrics: metrics, baseURL: baseURL, now: now
        )).register(on: router)
        let authentication = DeviceAuthenticationService(
            store: store, keyring: keyring, seal: context.transactionSeal, audit: audit, metrics: metrics,
            lifetimes: lifetimes, baseURL: baseURL, now: now)
        DeviceAuthenticationController(service: authentication, states: CredentialStatusService(store: store)).register(on: router)
        ExtensionController(service: ExtensionService(
            store: store, keyring: keyring, codes: context.extensionCodes, signals: context.extensionSignals,
            claimLimiter: context.claimRateLimiter, limits: context.credentialExtension, audit: audit, metrics: metrics, now: now
        )).register(on: router)
        EmailCodeController(service: emailCodeService(context, authentication: authentication)).register(on: router)
        let crossDevice = crossDeviceService(context, authentication: authentication)
        CrossDeviceController(service: crossDevice).register(on: router)
        let signInCookie = SignInPageCookie(
            secure: baseURL.value.hasPrefix("https:"), pathPrefix: pathPrefix,
            lifetime: context.crossDeviceSignIn.lifetime + context.crossDeviceSignIn.continueWithin)
        SignInPageController(
            service: crossDevice, renderer: signInPages, cookie: signInCookie, pathPrefix: pathPrefix,
            origin: SameOriginCheck(baseURL: baseURL)
        ).register(on: router)
        let (accessTokens, dpop) = (AccessTokenCheck(store: store, keyring: keyring, baseURL: baseURL, now: now), context.dpop)
        OIDCController(
            authorization: AuthorizationService(
                store: store, seal: context.transactionSeal, lifetimes: lifetimes,
                crossDeviceLifetime: context.crossDeviceSignIn.lifetime, baseURL: baseURL, now: now),
            tokens: TokenService(
                store: store, keyring: keyring, dpop: dpop, pinnedKeys: authentication.pinnedKeys, audit: audit, metrics: metrics,
                lifetimes: lifetimes, publicClientProofs: context.publicClientProofs, baseURL: baseURL, now: now),
            userInfo: UserInfoService(check: accessTokens, dpop: dpop, baseURL: baseURL),
            discovery: DiscoveryService(store: store, keyring: keyring, baseURL: baseURL),
            tokenStatus: TokenStatusService(store: store, keyring: keyring, audit: audit, baseURL: baseURL, now: now),
            endSession: EndSessionService(store: store, keyring: keyring, audit: audit, baseURL: baseURL, now: now),
            cors: CORSMiddleware(store: store, metrics: metrics),
            crossDevice: crossDevice, signInCookie: signInCookie
        ).register(on: router)
        let acting = adminService(context)
        let webhooks = context.webhooks
        AdminController(
            service: acting, audit: audit, metrics: metrics,
            webhooks: WebhookAdminController { admin in WebhookAdminService(admin: acting(admin), webhooks: webhooks) }
        ).register(on: router.group("v1/admin").add(
            middleware: AdminAuthenticationMiddleware(store: store, audit: audit, metrics: metrics, now: now)))
        SCIMController(
            authentication: SCIMAuthentication(store: store, audit: audit, now: now),
            invitations: EnrollmentInvitations(keyring: keyring, mailFrom: context.mailFrom, baseURL: baseURL),
            enrollmentLifetime: lifetimes.bindingJob, baseURL: baseURL, metrics: metrics
        ).register(on: router)
        OpenAPIController().register(on: router)
        console?.register(on: router)
    }

    /// The hosted sign-in pages' templates; they are constants, so a failure to compile is a
    /// programming error (a test renders each).
    private static let signInPages = try! PageRenderer<SignInPageTemplate>()

    /// Cross-device sign-in, with its limits: starts per network; code lookups, approvals and
    /// declines per network and in all.
    private static func crossDeviceService(
        _ context: ServerContext, authentication: DeviceAuthenticationService
    ) -> CrossDeviceSignInService {
        let settings = context.crossDeviceSignIn
        var requests = AttemptRateLimiter(
            store: context.store, perAddressPerMinute: settings.requestsPerAddressPerMinute,
            globalPerMinute: settings.requestsPerMinute, now: context.now)
        (requests.bucket, requests.attempts) = ("cross_device", "sign-in code attempts")
        var starts = AttemptRateLimiter(
            store: context.store, perAddressPerMinute: settings.startsPerAddressPerMinute, globalPerMinute: nil, now: context.now)
        (starts.bucket, starts.attempts) = ("cross_device_start", "sign-ins started")
        return CrossDeviceSignInService(
            store: context.store, codes: context.crossDeviceCodes, signals: context.extensionSignals, requestLimiter: requests,
            startLimiter: starts, settings: settings, authentication: authentication, baseURL: context.baseURL, now: context.now)
    }

    /// Email one-time codes, with their limits: per network a minute, per recipient a day.
    private static func emailCodeService(_ context: ServerContext, authentication: DeviceAuthenticationService) -> EmailCodeService {
        let settings = context.emailCodeSettings
        var network = AttemptRateLimiter(
            store: context.store, perAddressPerMinute: settings.requestsPerAddressPerMinute, globalPerMinute: nil, now: context.now)
        (network.bucket, network.attempts) = ("email_code", "email code requests")
        var recipient = AttemptRateLimiter(
            store: context.store, perAddressPerMinute: settings.codesPerRecipientPerDay, globalPerMinute: nil, now: context.now)
        (recipient.bucket, recipient.attempts, recipient.source, recipient.window) = (
            "email_code_recipient", "codes for this email address", "asked from this network today", 86_400)
        var allNetworks = AttemptRateLimiter(
            store: context.store, perAddressPerMinute: settings.codesPerRecipientPerDayAllNetworks, globalPerMinute: nil, now: context.now)
        (allNetworks.bucket, allNetworks.attempts, allNetworks.source, allNetworks.window) = (
            "email_code_recipient_all", "codes for this email address", "today", 86_400)
        return EmailCodeService(
            store: context.store, codes: context.emailCodes, authentication: authentication, mail: context.mail,
            mailFrom: context.mailFrom, settings: settings, networkLimiter: network, recipientLimiter: recipient,
            allNetworksRecipientLimiter: allNetworks,
            baseURL: context.baseURL, logger: context.logger, now: context.now)
    }

    /// The admin service acting for an administrator: what the admin API and the console both call.
    private static func adminService(_ context: ServerContext) -> @Sendable (AdminPrincipal) -> AdminService {
        let (store, keyring, mailFrom, audit, lifetimes, baseURL, now, prepublication) = (
            context.store, context.keyring, context.mailFrom, context.audit, context.lifetimes, context.baseURL,
            context.now, context.signingKeys.prepublication)
        return { admin in
            AdminService(
                store: store, keyring: keyring, mailFrom: mailFrom, audit: audit, lifetimes: lifetimes, baseURL: baseURL,
                now: now, admin: admin, signingKeyPrepublication: prepublication)
        }
    }
}
