import Administration
import Foundation
package import Hummingbird
import IdentityProtocol
import IdentityStorage
package import IdentityServerCore

/// Operators, for owners (the admin service refuses the others with `403`, as the API does):
/// add one with a role and scope (their enrollment link shown once), change a role, end a
/// console session. Suspending one, a new link or a revoked passkey are on their identity's page
/// in the operators' tenant.
extension ConsoleController {
    package func registerOperators(on signedIn: RouterGroup<ServerRequestContext>) {
        signedIn.get("operators") { request, context in try await operatorsPage(request, context, errors: .none) }
        signedIn.post("operators") { request, context in
            let (admin, console) = try acting(context)
            return try await submitting({
                try await spendForm(console)
                let added = try await admin.createOperator(OperatorInput(
                    username: try console.field("username"), email: try console.field("email"), role: try console.field("role"),
                    tenantID: try console.field("tenant_id")))
                return secretPage(
                    console, heading: "Operator \(added.username) added", label: "Enrollment link", secret: added.enrollmentLink ?? "",
                    explanation: "Give this link to \(added.username) over a channel you trust. Opened in a browser, it creates the passkey "
                        + "they sign in to the console with (or enrolls the app on their phone). It works once.",
                    next: "/operators")
            }, form: { errors in try await operatorsPage(request, context, errors: errors) })
        }
        let one = signedIn.group("operators/:operator")
        one.get { request, context in try await operatorPage(request, context, errors: .none) }
        one.post { request, context in
            let (admin, console) = try acting(context)
            let id = try context.id("operator")
            return try await submitting({
                // An empty scope is every tenant.
                _ = try await admin.updateOperator(id, OperatorInput(
                    role: try console.field("role"), tenantID: try console.field("tenant_id") ?? ""))
                return paths.redirect(ConsolePaths.noticed("/operators/\(ConsolePaths.segment(id))", .saved))
            }, form: { errors in try await operatorPage(request, context, errors: errors) })
        }
        one.post("sessions/:session/end") { _, context in
            let (admin, _) = try acting(context)
            let id = try context.id("operator")
            try await admin.endOperatorSession(id, sessionID: try context.id("session"))
            return paths.redirect(ConsolePaths.noticed("/operators/\(ConsolePaths.segment(id))", .revoked))
        }
    }

    private func operatorsPage(_ request: Request, _ context: ServerRequestContext, errors: FormErrors) async throws -> Response {
        let (admin, console) = try acting(context)
        let operators = try await admin.operators(try request.page(size: 50))
        let values = console.form.firstValues
        return renderer.page(.operators, OperatorsPage(
            chrome: chrome(console), notice: ConsoleNotice.of(request),
            operators: operators.items.map(row),
            reach: RoleAndScopeFields(
                prefix: "operator", role: values["role"] ?? AdminRole.support.rawValue, tenantID: values["tenant_id"] ?? "",
                tenants: try await admin.tenants(PageRequest(size: 1000)).items),
            next: nextPage("/operators", operators.nextCursor), errors: errors.messages, values: values, formID: Secrets.token()))
    }

    private func operatorPage(_ request: Request, _ context: ServerRequestContext, errors: FormErrors) async throws -> Response {
        let (admin, console) = try acting(context)
        let id = try context.id("operator")
        let one = try await admin.operator(id)
        let href = "/operators/\(ConsolePaths.segment(id))"
        let values = console.form.firstValues
        return renderer.page(.operator, OperatorPage(
            chrome: chrome(console), notice: ConsoleNotice.of(request), person: row(one),
            identityHref: paths.href(ConsolePaths.identity(IdentityPath(realm: OperatorsRealm.path, identityID: id))),
            sessions: try await admin.operatorSessions(id).map { session in
                OperatorPage.SessionRow(
                    signedIn: ConsoleFormat.date(session.authenticatedAt), lastSeen: ConsoleFormat.date(session.lastSeenAt),
                    from: [session.address, session.userAgent].compactMap { $0 }.joined(separator: ", "),
                    endAction: paths.href("\(href)/sessions/\(ConsolePaths.segment(session.id))/end"))
            },
            reach: RoleAndScopeFields(
                prefix: "operator", role: values["role"] ?? one.role, tenantID: values["tenant_id"] ?? one.tenantID ?? "",
                tenants: try await admin.tenants(PageRequest(size: 1000)).items),
            errors: errors.messages))
    }

    /// An operator as the list and their page show them.
    private func row(_ one: Operator) -> OperatorsPage.Row {
        OperatorsPage.Row(
            username: one.username, name: one.displayName, role: AdminRole(rawValue: one.role)?.title ?? one.role,
            scope: one.tenantID.map { "tenant \($0)" } ?? "every tenant", status: one.status.rawValue,
            href: paths.href("/operators/\(ConsolePaths.segment(one.id))"))
    }
}
