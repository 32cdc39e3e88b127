package import HTTPTypes
package import Hummingbird
package import IdentityServerCore

/// Wraps every console response: the strict security headers (no script at all, styles from
/// the console's own stylesheet, no framing, no referrer, nothing cached), and any error shown
/// as a page with the server's own words and status instead of the APIs' JSON.
package struct ConsolePageMiddleware: RouterMiddleware {
    package typealias Context = ServerRequestContext
    /// The console's path: requests elsewhere pass untouched.
    package let root: String
    package let renderer: ConsoleRenderer
    package let chrome: @Sendable (ServerRequestContext) -> ConsoleChrome
    package let metrics: ServerMetrics

    /// The headers of every console response.
    package static let securityHeaders = BrowserSecurityHeaders.fields(
        contentSecurityPolicy: "default-src 'none'; style-src 'self'; img-src 'self' data:; form-action 'self'; frame-ancestors 'none'; base-uri 'none'")

    package func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let path = request.uri.path
        guard path == root || path.hasPrefix(root + "/") else { return try await next(request, context) }
        var response: Response
        do {
            response = try await next(request, context)
        } catch let sent as FormAlreadySent {
            // Back to the page the form's action belongs to (`…/applications/A/rotate-secret`: the application).
            let parent = String(path.prefix(upTo: path.lastIndex(of: "/") ?? path.endIndex))
            response = renderer.page(.error, ErrorPage(chrome: chrome(context), alreadySent: sent, next: parent), status: .conflict)
        } catch {
            let answer = (error as? HTTPError)?.status == .notFound
                ? ServerError.notFound("there is no such page in the console")
                : ErrorMiddleware.answer(for: error, context: context, metrics: metrics)
            response = renderer.page(.error, ErrorPage(chrome: chrome(context), answer), status: answer.status)
            for field in answer.headers { response.headers.append(field) }
        }
        BrowserSecurityHeaders.apply(Self.securityHeaders, to: &response.headers)
        return response
    }
}
