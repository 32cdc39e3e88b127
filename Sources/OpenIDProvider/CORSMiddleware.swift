import HTTPTypes
package import Hummingbird
import IdentityProtocol
import IdentityStorage
package import IdentityServerCore

/// CORS (Fetch standard §3.2) for the endpoints of a realm's provider that browser clients
/// call: discovery, JWKS, token, userinfo, revocation and introspection. An origin is allowed
/// when an application of the realm lists it; a preflight from any other origin is refused
/// (`403 origin_not_allowed`) and its responses carry no CORS headers, so the browser keeps
/// them from the script. Errors are answered here, so a browser client can read them too.
/// Every response says `Vary: Origin`, so that no cache serves one origin's answer to another.
package struct CORSMiddleware: RouterMiddleware {
    package typealias Context = ServerRequestContext

    package let store: any ProviderStore
    package let metrics: ServerMetrics

    /// What a preflight allows: the methods of these endpoints and the headers a client sends.
    package static let allowedMethods = "GET, POST"
    package static let allowedHeaders = "Authorization, Content-Type, DPoP"
    package static let maxAge = "600"

    package func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard let origin = request.headers[.origin] else { return Self.varying(try await next(request, context)) }
        let allowed = try await store.realmAllowsOrigin(origin, realmID: context.parameters.require("realm"))
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
            response = try ErrorMiddleware.response(for: error, to: request, context: context, metrics: metrics)
        }
        return allowed ? Self.allowing(origin, response) : Self.varying(response)
    }

    private static func allowing(_ origin: String, _ response: Response) -> Response {
        var response = varying(response)
        response.headers[.accessControlAllowOrigin] = origin
        response.headers[.accessControlExposeHeaders] = "WWW-Authenticate, DPoP-Nonce"
        return response
    }

    private static func varying(_ response: Response) -> Response {
        var response = response
        response.headers[values: .vary].append("Origin")
        return response
    }
}
