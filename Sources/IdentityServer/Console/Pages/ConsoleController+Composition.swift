import Foundation
import IdentityServerCore

/// The console built from the server's composition root.
extension ConsoleController {
    /// The console for `context`, its pages under `pathPrefix` + `/console`, acting through `service`.
    init(context: ServerContext, service: @escaping @Sendable (AdminPrincipal) -> AdminService, pathPrefix: String) {
        let paths = ConsolePaths(root: pathPrefix + "/console")
        let secure = context.baseURL.value.lowercased().hasPrefix("https:")
        self.init(
            service: service,
            // The templates are constants of this binary; a test renders every one.
            renderer: try! ConsoleRenderer(),
            paths: paths,
            cookies: ConsoleCookies(secure: secure, path: paths.root),
            sessions: ConsoleSessions(store: context.store, settings: context.console, audit: context.audit, now: context.now),
            // Per network only: admin tokens are 256 random bits, so a server-wide limit would
            // protect nothing and let anyone lock every operator out.
            signInLimiter: AttemptRateLimiter(
                store: context.store, perAddressPerMinute: context.console.signInsPerAddressPerMinute, globalPerMinute: nil,
                now: context.now, bucket: "console_sign_in", attempts: "sign-in attempts"),
            origin: SameOriginCheck(baseURL: context.baseURL),
            audit: context.audit,
            metrics: context.metrics,
            webhooks: context.webhooks,
            now: context.now)
    }
}
