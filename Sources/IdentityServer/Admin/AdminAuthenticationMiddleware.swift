import Hummingbird
import IdentityProtocol
import IdentityStorage

/// Guards the admin API: `Authorization: Bearer <admin token>`, looked up by its hash.
struct AdminAuthenticationMiddleware: RouterMiddleware {
    typealias Context = ServerRequestContext
    let store: any IdentityStore

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard let header = request.headers[.authorization], header.lowercased().hasPrefix("bearer "),
              try await store.adminToken(hash: Secrets.hash(String(header.dropFirst(7)))) != nil
        else {
            throw ServerError(APIErrorCode.unauthorized, "a valid admin token is required")
        }
        return try await next(request, context)
    }
}
