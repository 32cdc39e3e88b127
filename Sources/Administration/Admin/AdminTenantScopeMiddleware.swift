package import Hummingbird
package import IdentityServerCore

/// Guards everything under `/tenants/:tenant`: a token scoped to one tenant finds no other
/// (`404`, as if it did not exist), and the refusal is audited.
package struct AdminTenantScopeMiddleware: RouterMiddleware {
    package typealias Context = ServerRequestContext
    package let audit: AuditLog
    package let metrics: ServerMetrics

    package init(audit: AuditLog, metrics: ServerMetrics) {
        self.audit = audit
        self.metrics = metrics
    }

    package func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let admin = try context.requireAdmin()
        guard admin.administers(tenantID: try context.id("tenant")) else {
            throw await AdminRefusal.otherTenant.refuse(request, context: context, by: admin, audit: audit, metrics: metrics)
        }
        return try await next(request, context)
    }
}
