import HTTPTypes
import Hummingbird
import IdentityProtocol
import IdentityStorage

/// CORS (Fetch standard §3.2) for the endpoints of a realm's provider that browser clients
/// call: discovery, JWKS, token, userinfo, revocation and introspection. An origin is allowed
/// when an application of the realm lists it; a preflight from any other origin is refused
/// (`403 origin_not_allowed`) and its responses carry no CORS headers, so the browser keeps
/// them from the script. Errors are answered here, so a browser client can read them too.
struct CORSMiddleware: RouterMiddleware {
    typealias Context = ServerRequestContext

    let store: any IdentityStore

    /// What a preflight allows: the methods of these endpoints and the headers a client sends.
    static let allowedMethods = "GET, POST"
    static let allowedHeaders = "Authorization, Content-Type, DPoP"
    static let maxAge = "600"

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard let origin = request.headers[.origin] else { return try await next(request, context) }
        let allowed = try await isAllowed(origin, realmID: context.parameters.require("realm"))
        if request.method == .options, request.headers[.accessControlRequestMethod] != nil {
            guard allowed else {
                throw ServerError(APIErrorCode.originNotAllowed, "no application of this realm allows the origin \(origin)")
            }
            var response = Response(status: .noContent)
            response.headers[.accessControlAllowMethods] = Self.allowedMethods
            response.headers[.accessControlAllowHeaders] = Self.allowedHeaders
            response.headers[.accessControlMaxAge] = Self.maxAge
            return Self.allowing(origin, response)
        }
        let response: Response
        do {
            response = try await next(request, context)
        } catch {
            response = try ErrorMiddleware.response(for: error, to: request, context: context)
        }
        return allowed ? Self.allowing(origin, response) : response
    }

    /// Whether an application of the realm lists the origin.
    private func isAllowed(_ origin: String, realmID: String) async throws -> Bool {
        var page = PageRequest(size: 1000)
        while true {
            let applications = try await store.listApplications(realmID: realmID, page)
            if applications.items.contains(where: { $0.allowedOrigins.contains(origin) }) { return true }
            guard let cursor = applications.nextCursor else { return false }
            page = PageRequest(size: 1000, cursor: cursor)
        }
    }

    private static func allowing(_ origin: String, _ response: Response) -> Response {
        var response = response
        response.headers[.accessControlAllowOrigin] = origin
        response.headers[.accessControlExposeHeaders] = "WWW-Authenticate, DPoP-Nonce"
        response.headers[values: .vary].append("Origin")
        return response
    }
}
