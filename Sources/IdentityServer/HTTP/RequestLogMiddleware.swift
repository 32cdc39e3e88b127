import Hummingbird
import Logging

/// One log line per request: method, path (never the query: enrollment links carry their
/// token there), status and duration.
struct RequestLogMiddleware: RouterMiddleware {
    typealias Context = ServerRequestContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let start = ContinuousClock.now
        let response = try await next(request, context)
        let elapsed = ContinuousClock.now - start
        context.logger.info("request", metadata: [
            "method": "\(request.method.rawValue)",
            "path": "\(request.uri.path)",
            "status": "\(response.status.code)",
            "ms": "\(elapsed.components.seconds * 1000 + elapsed.components.attoseconds / 1_000_000_000_000_000)",
        ])
        return response
    }
}
