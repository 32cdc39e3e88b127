import Foundation
import Hummingbird
import IdentityStorage

/// Guards the admin API: `Authorization: Bearer <admin token>`, looked up by its hash and
/// refused when missing, unknown, expired or revoked (see ``AdminRefusal``); puts the authenticated
/// ``AdminPrincipal`` in the request context for the handlers (and audit).
struct AdminAuthenticationMiddleware: RouterMiddleware {
    typealias Context = ServerRequestContext
    let store: any IdentityStore
    let audit: AuditLog
    let metrics: ServerMetrics
    let now: @Sendable () -> Date

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard let header = request.headers[.authorization], header.count > 7, header.prefix(7).lowercased() == "bearer " else {
            throw await AdminRefusal.missingToken.refuse(request, context: context, by: nil, audit: audit, metrics: metrics)
        }
        guard let token = try await store.adminToken(hash: Secrets.hash(String(header.dropFirst(7)))) else {
            throw await AdminRefusal.unknownToken.refuse(request, context: context, by: nil, audit: audit, metrics: metrics)
        }
        if token.revokedAt != nil {
            throw await AdminRefusal.revokedToken.refuse(request, context: context, by: AdminPrincipal(token), audit: audit, metrics: metrics)
        }
        guard token.isActive(at: now()) else {
            throw await AdminRefusal.expiredToken.refuse(request, context: context, by: AdminPrincipal(token), audit: audit, metrics: metrics)
        }
        var context = context
        let admin = AdminPrincipal(token)
        context.admin = admin
        do {
            return try await next(request, context)
        } catch let error as ServerError where error.code == .api(.forbidden) {
            _ = await AdminRefusal.serverWide.refuse(request, context: context, by: admin, audit: audit, metrics: metrics)
            throw error
        }
    }
}
