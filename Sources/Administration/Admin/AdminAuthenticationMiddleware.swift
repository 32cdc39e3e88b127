package import Foundation
package import Hummingbird
import IdentityStorage
package import IdentityServerCore

/// Guards the admin API: `Authorization: Bearer <admin token>`, looked up by its hash and
/// refused when missing, unknown, expired or revoked (see ``AdminRefusal``); puts the authenticated
/// ``AdminPrincipal`` in the request context for the handlers (and audit), and records when the
/// token was last used (at most once a minute, so calls do not each write).
package struct AdminAuthenticationMiddleware: RouterMiddleware {
    package typealias Context = ServerRequestContext
    package let store: any AdministrationStore
    package let audit: AuditLog
    package let metrics: ServerMetrics
    package let now: @Sendable () -> Date

    package func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard let header = request.headers[.authorization], header.count > 7, header.prefix(7).lowercased() == "bearer " else {
            throw await refuse(.missingToken, request, context, by: nil)
        }
        guard let token = try await store.adminToken(hash: Secrets.hash(String(header.dropFirst(7)))) else {
            throw await refuse(.unknownToken, request, context, by: nil)
        }
        if token.revokedAt != nil {
            throw await refuse(.revokedToken, request, context, by: AdminPrincipal(token))
        }
        guard token.isActive(at: now()) else {
            throw await refuse(.expiredToken, request, context, by: AdminPrincipal(token))
        }
        let now = now()
        if token.lastUsedAt.map({ now.timeIntervalSince($0) >= Self.touchInterval }) ?? true {
            try await store.touchAdminToken(id: token.id, at: now)
        }
        var context = context
        let admin = AdminPrincipal(token)
        context.admin = admin
        return try await AdminRefusal.auditingForbidden(request, context: context, by: admin, audit: audit, metrics: metrics) {
            try await next(request, context)
        }
    }

    /// How stale a token's `last_used_at` may be before a call writes it again.
    private static let touchInterval: TimeInterval = 60

    private func refuse(_ refusal: AdminRefusal, _ request: Request, _ context: Context, by token: AdminPrincipal?) async -> ServerError {
        await refusal.refuse(request, context: context, by: token, audit: audit, metrics: metrics)
    }
}
