package import Foundation
package import Hummingbird
import IdentityStorage
package import IdentityServerCore
package import WebhookDelivery
package import Administration

/// The operators' web console under `/console`: server-rendered pages over the admin
/// services, so every rule, refusal and audit event is the admin API's (each change recorded
/// `via: console`). Signed-in pages sit behind ``ConsoleSessionMiddleware``; every response
/// passes ``ConsolePageMiddleware``.
package struct ConsoleController {
    /// The admin service acting for an administrator.
    package let service: @Sendable (AdminPrincipal) -> AdminService
    package let renderer: ConsoleRenderer
    package let paths: ConsolePaths
    package let cookies: ConsoleCookies
    package let sessions: ConsoleSessions
    package let signInLimiter: AttemptRateLimiter
    package let origin: SameOriginCheck
    package let audit: AuditLog
    package let metrics: ServerMetrics
    /// The webhook endpoints' storage and secrets, for their pages.
    package let webhooks: WebhookContext
    package let now: @Sendable () -> Date

    /// The middleware that makes every response under the console's root a page with the
    /// console's headers: add it to the router itself, so that it also covers URLs no route
    /// matches (and a `GET` of a URL only forms post to, such as a shown-once page's address).
    package var pages: ConsolePageMiddleware {
        ConsolePageMiddleware(
            root: paths.root, renderer: renderer,
            chrome: { [paths] context in ConsoleChrome(root: paths.root, session: context.console?.session) }, metrics: metrics)
    }

    /// Registers the console's routes (``pages`` must be on the router).
    package func register(on router: some RouterMethods<ServerRequestContext>) {
        let console = router.group("console")
        console.get("assets/console.css") { _, _ in ConsoleStylesheet.response }
        registerSignIn(on: console)
        let signedIn = console.group().add(middleware: ConsoleSessionMiddleware(
            sessions: sessions, cookies: cookies, origin: origin, paths: paths, audit: audit, metrics: metrics, stepUp: stepUpPage))
        registerSignOut(on: signedIn)
        registerDashboard(on: signedIn)
        let realm = registerTenants(on: signedIn)
        registerApplications(on: realm)
        registerIdentities(on: realm)
        registerProvisioningTokens(on: realm)
        registerAdminTokens(on: signedIn)
        registerOperators(on: signedIn)
        registerAudit(on: signedIn)
    }

    // MARK: Shared by the pages

    /// Asks the operator to prove it is them again (on the operators' account page, which comes
    /// back to the page of the change: its form or confirmation is the `GET` of the same path).
    @Sendable package func stepUpPage(_ request: Request, _ session: ConsoleSession, _ required: AdminStepUpRequired) -> Response {
        let back = request.uri.path.hasPrefix(paths.root + "/") ? String(request.uri.path.dropFirst(paths.root.count + 1)) : ""
        let href = (sessions.operators?.signInPage() ?? paths.href("/sign-in")) + "/console/" + (back.isEmpty ? "tenants" : back)
        return renderer.page(
            .stepUp, StepUpPage(chrome: ConsoleChrome(root: paths.root, session: session), action: required.action, href: href, cancel: paths.root),
            status: .forbidden)
    }

    /// The admin service acting for the signed-in operator, and the request's console state.
    package func acting(_ context: ServerRequestContext) throws -> (AdminService, ConsoleRequest) {
        let console = try context.requireConsole()
        return (service(console.session.admin), console)
    }

    /// The frame of a signed-in page.
    package func chrome(_ console: ConsoleRequest) -> ConsoleChrome {
        ConsoleChrome(root: paths.root, session: console.session)
    }

    /// A page that asks before a destructive action: what will happen, a button that posts to
    /// `action`, and Cancel back to `cancel` (both console paths).
    package func confirmation(
        _ console: ConsoleRequest, _ heading: String, _ consequence: String, action: String, button: String, cancel: String,
        typeToConfirm: String? = nil, error: String? = nil
    ) -> Response {
        renderer.page(.confirm, ConfirmPage(
            chrome: chrome(console), heading: heading, consequence: consequence, action: paths.href(action), button: button,
            cancel: paths.href(cancel), typeToConfirm: typeToConfirm, error: error), status: error == nil ? .ok : .badRequest)
    }

    /// Whether the posted `confirm_name` is `name` (surrounding spaces aside).
    package static func typed(_ name: String, in console: ConsoleRequest) throws -> Bool {
        try console.field("confirm_name")?.trimmingCharacters(in: .whitespaces) == name
    }

    /// Spends the posted form's `form_id` (see ``ConsoleSessions/spendForm(_:of:)``).
    package func spendForm(_ console: ConsoleRequest) async throws {
        try await sessions.spendForm(try console.field("form_id"), of: console.session)
    }

    /// Runs a change; a `400` the API would answer becomes the form shown again with each
    /// problem beside its field (`form`), in the words of the form's `fields` where it names
    /// them; anything else propagates (an error page).
    package func submitting(
        fields: [String: FormErrors.Field] = [:], _ body: () async throws -> Response, form: (FormErrors) async throws -> Response
    ) async throws -> Response {
        do {
            return try await body()
        } catch let error as ServerError where error.status == .badRequest || error.status == .conflict {
            var response = try await form(FormErrors(error, fields: fields))
            response.status = error.status
            return response
        }
    }
}
