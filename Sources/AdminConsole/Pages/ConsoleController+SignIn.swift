import Administration
import Foundation
import HTTPTypes
package import Hummingbird
package import IdentityServerCore

/// Signing in with an admin token (typed or pasted into a form, posted, never in a URL), and out.
extension ConsoleController {
    package func registerSignIn(on console: RouterGroup<ServerRequestContext>) {
        console.get("sign-in") { request, _ in
            let query = try request.queryParameters()
            let ended = try query.single("ended").flatMap(ConsoleSessionEnd.init(rawValue:)) ?? .none
            return signInForm(notice: ended.message, error: nil, next: try query.single("next"), status: .ok)
        }
        console.post("sign-in") { request, context in
            try origin.check(request)
            let form = try await request.formParameters(context: context)
            guard let expected = cookies.value(cookies.signInName, in: request), let presented = try form.single("csrf"),
                  Secrets.constantTimeEquals(Data(expected.utf8), Data(presented.utf8))
            else {
                return signInForm(notice: nil, error: "The sign-in form had expired. Try again.", next: try form.single("next"), status: .forbidden)
            }
            try await signInLimiter.admit(clientAddress: context.clientAddress)
            var facts = ["request_id": context.requestID]
            facts["client_address"] = context.clientAddress
            switch try await sessions.signIn(token: try form.single("token") ?? "", facts: facts.compactMapValues { $0 }) {
            case .refused(let refusal, let admin):
                let error = await refusal.refuse(request, context: context, by: admin, audit: audit, metrics: metrics)
                // 400, not 401: a form, not an HTTP authentication scheme (RFC 9110 §15.5.2).
                return signInForm(notice: nil, error: error.description, next: try form.single("next"), status: .badRequest)
            case .turnedOff:
                return signInForm(notice: nil, error: ConsoleSessionEnd.tokenSignInOff.message, next: nil, status: .forbidden)
            case .opened(_, let secret):
                var response = paths.redirect(try form.single("next").flatMap(ConsolePaths.followable) ?? "")
                response.headers.append(HTTPField(name: .setCookie, value: cookies.session(secret)))
                response.headers.append(HTTPField(name: .setCookie, value: cookies.clear(cookies.signInName)))
                return response
            }
        }
    }

    /// Signing out, behind the session's checks (origin, CSRF token) like every other form.
    package func registerSignOut(on signedIn: RouterGroup<ServerRequestContext>) {
        signedIn.post("sign-out") { _, context in
            let console = try context.requireConsole()
            try await sessions.signOut(console.session)
            var response = paths.signIn(ended: .signedOut)
            if console.session.account != nil, let operators = sessions.operators {
                response.headers[.setCookie] = operators.clearCookie
            } else {
                response.headers[.setCookie] = cookies.clear(cookies.sessionName)
            }
            return response
        }
    }

    /// The sign-in form with a fresh CSRF value in its cookie; never the token typed before. It
    /// goes on to `next` once signed in, where that is a console page.
    private func signInForm(notice: String?, error: String?, next: String?, status: HTTPResponse.Status) -> Response {
        let value = Secrets.token()
        var response = renderer.page(
            .signIn, ConsoleSignInPage(
                chrome: ConsoleChrome(root: paths.root, session: nil), csrf: value, notice: notice, error: error,
                next: next.flatMap(ConsolePaths.followable), operatorSignIn: sessions.operators?.signInPage(),
                tokenSignIn: sessions.settings.adminTokenSignIn),
            status: status)
        response.headers[.setCookie] = cookies.signIn(value)
        return response
    }
}
