package import Hummingbird
package import IdentityServerCore
package import Administration

/// Guards the signed-in console: a session opened with an admin token, or an operator's
/// (``ConsoleOperators``); without either a request is sent to the sign-in page (saying why the
/// session ended), and a form post must come from the console's origin
/// and carry the session's CSRF token (`403`, nothing changed, otherwise). Puts the session's
/// administrator in the context, so the admin services act and audit as them.
package struct ConsoleSessionMiddleware: RouterMiddleware {
    package typealias Context = ServerRequestContext
    package let sessions: ConsoleSessions
    package let cookies: ConsoleCookies
    package let origin: SameOriginCheck
    package let paths: ConsolePaths
    package let audit: AuditLog
    package let metrics: ServerMetrics
    /// The page that asks for a fresh sign-in, for a change that needs one (``AdminStepUpRequired``).
    package let stepUp: @Sendable (Request, ConsoleSession, AdminStepUpRequired) -> Response

    package func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        // A page asked for without a session is where signing in goes on to.
        let page = request.method == .get ? paths.path(of: request) : nil
        let session: ConsoleSession
        if let secret = cookies.value(cookies.sessionName, in: request) {
            switch try await sessions.resolve(secret: secret) {
            case .ended(let end):
                var response = paths.signIn(ended: end, next: page)
                response.headers[.setCookie] = cookies.clear(cookies.sessionName)
                return response
            case .active(let active):
                session = active
            }
        } else if let operators = sessions.operators, let secret = RequestCookies.value(named: operators.cookieName, in: request),
                  let signedIn = try await sessions.resolveOperator(secret: secret) {
            session = signedIn
        } else {
            return paths.signIn(ended: .none, next: page)
        }
        var form = try FormParameters(nil)
        if request.method == .post {
            try origin.check(request)
            form = try await request.formParameters(context: context)
            guard session.acceptsCSRFToken(try form.single("csrf")) else { throw SameOriginCheck.refusal }
        }
        var context = context
        context.admin = session.admin
        context.console = ConsoleRequest(session: session, form: form)
        do {
            return try await AdminRefusal.auditingForbidden(request, context: context, by: session.admin, audit: audit, metrics: metrics) {
                try await next(request, context)
            }
        } catch let required as AdminStepUpRequired {
            return stepUp(request, session, required)
        }
    }
}
