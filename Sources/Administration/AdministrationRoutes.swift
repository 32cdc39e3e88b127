package import Foundation
package import Hummingbird
package import IdentityServerCore
package import RealmKeys
package import WebhookDelivery

/// Administration's routes: the admin API under `/v1/admin` (behind an admin token), each
/// realm's SCIM service (behind a provisioning token) and the API's OpenAPI document. The
/// console acts through the same service (``acting``).
package struct AdministrationRoutes: RouteMount {
    /// The admin service acting for an administrator: what the admin API and the console both call.
    package let acting: @Sendable (AdminPrincipal) -> AdminService
    private let admin: AdminController
    private let authentication: AdminAuthenticationMiddleware
    private let scim: SCIMController

    package init(
        environment: ServerEnvironment, keyring: RealmKeyring, lifetimes: ArtifactLifetimes,
        signingKeyPrepublication: TimeInterval, mailFrom: String?, webhooks: WebhookContext
    ) {
        let (store, audit, metrics, baseURL, now) = (
            environment.store, environment.audit, environment.metrics, environment.baseURL, environment.now)
        let acting: @Sendable (AdminPrincipal) -> AdminService = { admin in
            AdminService(
                store: store, keyring: keyring, mailFrom: mailFrom, audit: audit, lifetimes: lifetimes, baseURL: baseURL,
                now: now, admin: admin, signingKeyPrepublication: signingKeyPrepublication)
        }
        self.acting = acting
        admin = AdminController(
            service: acting, audit: audit, metrics: metrics,
            webhooks: WebhookAdminController { admin in WebhookAdminService(admin: acting(admin), webhooks: webhooks) })
        authentication = AdminAuthenticationMiddleware(store: store, audit: audit, metrics: metrics, now: now)
        scim = SCIMController(
            authentication: SCIMAuthentication(store: store, audit: audit, now: now),
            invitations: EnrollmentInvitations(keyring: keyring, mailFrom: mailFrom, baseURL: baseURL),
            enrollmentLifetime: lifetimes.bindingJob, baseURL: baseURL, metrics: metrics)
    }

    package func register(on router: some RouterMethods<ServerRequestContext>) {
        admin.register(on: router.group("v1/admin").add(middleware: authentication))
        scim.register(on: router)
        OpenAPIController().register(on: router)
    }
}
