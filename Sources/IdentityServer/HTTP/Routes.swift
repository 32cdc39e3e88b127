import Hummingbird
import Prometheus

/// The route table: one controller per endpoint family.
enum Routes {
    static func build(context: ServerContext, metrics: PrometheusCollectorRegistry) -> Router<ServerRequestContext> {
        let router = Router(context: ServerRequestContext.self)
        router.add(middleware: RequestLogMiddleware())
        router.add(middleware: MetricsMiddleware())
        router.add(middleware: ErrorMiddleware())
        HealthController(metrics: metrics).register(on: router)
        EnrollmentController(service: EnrollmentService(context: context)).register(on: router)
        DeviceAuthenticationController(
            service: DeviceAuthenticationService(context: context), states: CredentialStatusService(context: context)
        ).register(on: router)
        ExtensionController(service: ExtensionService(context: context)).register(on: router)
        OIDCController(
            authorization: AuthorizationService(context: context),
            tokens: TokenService(context: context),
            discovery: DiscoveryService(context: context)
        ).register(on: router)
        AdminController(service: AdminService(context: context))
            .register(on: router.group("v1/admin").add(middleware: AdminAuthenticationMiddleware(store: context.store)))
        return router
    }
}
