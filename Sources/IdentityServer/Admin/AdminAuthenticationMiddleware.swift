import Hummingbird
import IdentityProtocol
import IdentityStorage

/// Guards the admin API: `Authorization: Bearer <admin token>`, looked up by its hash; puts
/// the authenticated ``AdminPrincipal`` in the request context for the handlers (and audit).
struct AdminAuthenticationMiddleware: RouterMiddleware {
    typealias Context = ServerRequestContext
    let store: any IdentityStore

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard let header = request.headers[.authorization], header.lowercased().hasPrefix("bearer "),
              let token = try await store.adminToken(hash: Secrets.hash(String(header.dropFirst(7))))
        else {
            throw ServerError(APIErrorCode.unauthorized, "a valid admin token is required")
        }
        var context = context
        context.admin = AdminPrincipal(token)
        return try await next(request, context)
    }
}
