import Administration
import Foundation
package import Hummingbird
import IdentityProtocol
import IdentityStorage
package import IdentityServerCore

/// Admin tokens, for owners (the admin service refuses the others with `403`, as the API does):
/// create with a role, expiry and tenant scope (shown once), list with last use, revoke.
extension ConsoleController {
    package func registerAdminTokens(on signedIn: RouterGroup<ServerRequestContext>) {
        signedIn.get("admin-tokens") { request, context in try await adminTokensPage(request, context, errors: .none) }
        signedIn.post("admin-tokens") { request, context in
            let (admin, console) = try acting(context)
            return try await submitting({
                try await spendForm(console)
                let created = try await admin.createAdminToken(AdminTokenInput(
                    label: try console.field("label"), tenantID: try console.field("tenant_id"), role: try console.field("role"),
                    expiresIn: try console.expiresIn()))
                return secretPage(
                    console, heading: "Admin token \(created.label) created", label: "Admin token", secret: created.token ?? "",
                    explanation: "Store this token in your secrets manager now. It calls the admin API as \(Self.article(created.role)) "
                        + (created.tenantID == nil ? "for every tenant." : "for one tenant only."),
                    next: "/admin-tokens")
            }, form: { errors in try await adminTokensPage(request, context, errors: errors) })
        }
        signedIn.get("admin-tokens/:token/revoke") { _, context in
            let (admin, console) = try acting(context)
            let token = try await admin.adminToken(try context.id("token"))
            let path = "/admin-tokens/\(ConsolePaths.segment(token.id))/revoke"
            return confirmation(
                console, "Revoke admin token \(token.label)?",
                "The token stops working at once, for the admin API and for every console session opened with it (yours too, if you signed in with it). This cannot be undone.",
                action: path, button: "Revoke token", cancel: "/admin-tokens")
        }
        signedIn.post("admin-tokens/:token/revoke") { _, context in
            let (admin, _) = try acting(context)
            _ = try await admin.revokeAdminToken(try context.id("token"))
            return paths.redirect(ConsolePaths.noticed("/admin-tokens", .revoked))
        }
    }

    private func adminTokensPage(_ request: Request, _ context: ServerRequestContext, errors: FormErrors) async throws -> Response {
        let (admin, console) = try acting(context)
        let tokens = try await admin.adminTokens(try request.page(size: 50))
        let chosen = console.form.firstValues["tenant_id"] ?? ""
        let role = console.form.firstValues["role"] ?? AdminRole.owner.rawValue
        let tenants = try await admin.tenants(PageRequest(size: 1000)).items
        return renderer.page(.adminTokens, AdminTokensPage(
            chrome: chrome(console), notice: ConsoleNotice.of(request),
            tokens: tokens.items.map { token in
                AdminTokensPage.Row(
                    id: token.id, label: token.label, scope: token.tenantID.map { "tenant \($0)" } ?? "every tenant",
                    role: AdminRole(rawValue: token.role)?.title ?? token.role, status: token.status.rawValue,
                    created: ConsoleFormat.date(token.createdAt), expires: ConsoleFormat.date(token.expiresAt, none: "never"),
                    lastUsed: ConsoleFormat.date(token.lastUsedAt, none: "never"),
                    revokeHref: token.revokedAt == nil && token.expiresAt.map { $0 > now() } ?? true
                        ? paths.href("/admin-tokens/\(ConsolePaths.segment(token.id))/revoke") : nil)
            },
            reach: RoleAndScopeFields(prefix: "token", role: role, tenantID: chosen, tenants: tenants),
            next: nextPage("/admin-tokens", tokens.nextCursor), errors: errors.messages, values: console.form.firstValues,
            formID: Secrets.token()))
    }

    /// “an owner”, “a tenant admin”, for the role `raw`.
    private static func article(_ raw: String) -> String {
        let title = AdminRole(rawValue: raw)?.title ?? raw
        return (title.first.map { "aeiou".contains($0) } == true ? "an " : "a ") + title
    }
}
