package import Hummingbird
import IdentityProtocol
import IdentityStorage
package import IdentityServerCore

/// Why an admin call was refused: the reason of its `admin.refused` audit event.
package enum AdminRefusal: String, Sendable {
    case missingToken = "missing_token"
    case unknownToken = "unknown_token"
    case expiredToken = "expired_token"
    case revokedToken = "revoked_token"
    /// A tenant-scoped token used on another tenant.
    case otherTenant = "other_tenant"
    /// A tenant-scoped token used for what needs a token for every tenant (`403 forbidden`,
    /// thrown by the admin service).
    case serverWide = "server_wide"
    /// What the caller's role does not permit (`403 forbidden`, thrown by the admin service).
    case role

    /// The answer: `401 unauthorized` naming what is wrong with the token, `404 not_found` for
    /// another tenant (as for a tenant that does not exist), `403 forbidden` for the rest.
    package var error: ServerError {
        switch self {
        case .missingToken: ServerError(APIErrorCode.unauthorized, "an admin token is required: 'Authorization: Bearer <token>'")
        case .unknownToken: ServerError(APIErrorCode.unauthorized, "the admin token is not valid")
        case .expiredToken: ServerError(APIErrorCode.unauthorized, "the admin token has expired: ask an administrator for a new one")
        case .revokedToken: ServerError(APIErrorCode.unauthorized, "the admin token has been revoked")
        case .otherTenant: ServerError.notFound("no such tenant")
        case .serverWide: ServerError(APIErrorCode.forbidden, "a token scoped to one tenant cannot do this")
        case .role: ServerError(APIErrorCode.forbidden, "your role does not allow this")
        }
    }

    /// Counts the refusal and, when the token is known, audits it with the token's id (a
    /// missing or unknown token concerns no resource, and anyone can send one: it is only
    /// counted and logged, so refusals cannot fill the audit log). Returns ``error`` to throw.
    package func refuse(
        _ request: Request, context: ServerRequestContext, by token: AdminPrincipal?, audit: AuditLog, metrics: ServerMetrics,
        detail more: [String: String] = [:]
    ) async -> ServerError {
        metrics.adminRefused(reason: rawValue)
        if let token {
            var detail = more.merging(token.idDetail) { _, principal in principal }
            (detail["method"], detail["path"], detail["request_id"]) = (request.method.rawValue, request.uri.path, context.requestID)
            await audit.recordRefusal(
                "admin.refused", reason: rawValue, of: token.id, tenantID: token.tenantID, realmID: nil, subjectID: nil, detail: detail)
        }
        return error
    }

    /// Runs `next` as `admin`; an ``AdminForbidden`` it throws is audited (its reason, the
    /// role and the permission missing) and answered `403 forbidden`, as the admin API and the
    /// console both do.
    package static func auditingForbidden(
        _ request: Request, context: ServerRequestContext, by admin: AdminPrincipal, audit: AuditLog, metrics: ServerMetrics,
        _ next: () async throws -> Response
    ) async throws -> Response {
        do {
            return try await next()
        } catch let forbidden as AdminForbidden {
            _ = await forbidden.reason.refuse(
                request, context: context, by: admin, audit: audit, metrics: metrics,
                detail: ["role": admin.role.rawValue, "permission": forbidden.permission.rawValue])
            throw forbidden.error
        }
    }
}
