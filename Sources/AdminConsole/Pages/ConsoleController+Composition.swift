import Foundation
import Hummingbird
package import IdentityServerCore
package import WebhookDelivery
package import Administration

/// The console built by the server's composition.
extension ConsoleController: RouteMount {
    /// The console on `environment`, its pages under `pathPrefix` + `/console`, acting through
    /// `service`; operators sign in as people through `operators`.
    package init(
        environment: ServerEnvironment, settings: ConsoleSettings, webhooks: WebhookContext,
        service: @escaping @Sendable (AdminPrincipal) -> AdminService, operators: ConsoleOperators?, pathPrefix: String
    ) {
        let paths = ConsolePaths(root: pathPrefix + "/console")
        let secure = environment.baseURL.value.lowercased().hasPrefix("https:")
        self.init(
            service: service,
            // The templates are constants of this binary; a test renders every one.
            renderer: try! ConsoleRenderer(),
            paths: paths,
            cookies: ConsoleCookies(secure: secure, path: paths.root),
            sessions: ConsoleSessions(
                store: environment.store, settings: settings, operators: operators, audit: environment.audit, now: environment.now),
            // Per network only: admin tokens are 256 random bits, so a server-wide limit would
            // protect nothing and let anyone lock every operator out.
            signInLimiter: AttemptRateLimiter(
                store: environment.store, perAddressPerMinute: settings.signInsPerAddressPerMinute, globalPerMinute: nil,
                now: environment.now, bucket: "console_sign_in", attempts: "sign-in attempts"),
            origin: SameOriginCheck(baseURL: environment.baseURL),
            audit: environment.audit,
            metrics: environment.metrics,
            webhooks: webhooks,
            now: environment.now)
    }
}
