import Foundation
package import Hummingbird
import IdentityProtocol
import IdentityStorage
package import IdentityServerCore
import Administration

/// Tenants and their realms. Everything under `/tenants/{tenant}` passes the admin API's
/// tenant-scope check: another tenant's pages are `404`, and the refusal audited.
extension ConsoleController {
    /// Registers the tenant and realm pages; returns the realm group, under which the
    /// applications and identities live.
    package func registerTenants(on signedIn: RouterGroup<ServerRequestContext>) -> RouterGroup<ServerRequestContext> {
        signedIn.get("tenants") { request, context in
            try await tenantsPage(request, context, errors: .none)
        }
        signedIn.post("tenants") { request, context in
            let (admin, console) = try acting(context)
            return try await submitting({
                let tenant = try await admin.createTenant(TenantInput(displayName: try console.field("display_name")))
                return paths.redirect(ConsolePaths.noticed(ConsolePaths.tenant(tenant.id), .created))
            }, form: { errors in try await tenantsPage(request, context, errors: errors) })
        }
        let tenant = signedIn.group("tenants/:tenant").add(middleware: AdminTenantScopeMiddleware(audit: audit, metrics: metrics))
        tenant.get { request, context in try await tenantPage(request, context, errors: .none) }
        tenant.post { request, context in
            let (admin, console) = try acting(context)
            let tenantID = try context.id("tenant")
            return try await submitting({
                _ = try await admin.updateTenant(tenantID, TenantInput(displayName: try console.field("display_name")))
                return paths.redirect(ConsolePaths.noticed(ConsolePaths.tenant(tenantID), .saved))
            }, form: { errors in try await tenantPage(request, context, errors: errors) })
        }
        tenant.get("delete") { _, context in try await deleteTenantConfirmation(context, error: nil) }
        tenant.post("delete") { _, context in
            let (admin, console) = try acting(context)
            let record = try await admin.tenant(try context.id("tenant"))
            guard try Self.typed(record.displayName, in: console) else {
                return try await deleteTenantConfirmation(context, error: "The name typed is not the tenant's: nothing was deleted.")
            }
            try await admin.deleteTenant(record.id)
            return paths.redirect(ConsolePaths.noticed("/tenants", .deleted))
        }
        tenant.post("realms") { request, context in
            let (admin, console) = try acting(context)
            let tenantID = try context.id("tenant")
            return try await submitting({
                let realm = try await admin.createRealm(tenantID, RealmInput(
                    displayName: try console.field("display_name"),
                    registrationRedirectURI: try console.field("registration_redirect_uri")))
                return paths.redirect(ConsolePaths.noticed(ConsolePaths.realm(tenantID, realm.id), .created))
            }, form: { errors in try await tenantPage(request, context, errors: errors) })
        }
        registerWebhooks(on: tenant)
        let realm = tenant.group("realms/:realm")
        registerRealm(on: realm)
        return realm
    }

    private func tenantsPage(_ request: Request, _ context: ServerRequestContext, errors: FormErrors) async throws -> Response {
        let (admin, console) = try acting(context)
        let page = try await admin.tenants(try request.page(size: 50))
        return renderer.page(.tenants, TenantsPage(
            chrome: chrome(console), notice: ConsoleNotice.of(request), canCreate: console.session.admin.may(.manageServer),
            tenants: page.items.map { tenant in
                TenantsPage.Row(
                    name: tenant.displayName, id: tenant.id, href: paths.href(ConsolePaths.tenant(tenant.id)),
                    created: ConsoleFormat.date(tenant.createdAt))
            },
            next: nextPage("/tenants", page.nextCursor), errors: errors.messages, values: console.form.firstValues))
    }

    private func tenantPage(_ request: Request, _ context: ServerRequestContext, errors: FormErrors) async throws -> Response {
        let (admin, console) = try acting(context)
        let tenant = try await admin.tenant(try context.id("tenant"))
        let realms = try await admin.realms(tenant.id, try request.page(size: 50))
        return renderer.page(.tenant, TenantPage(
            chrome: chrome(console), notice: ConsoleNotice.of(request), name: tenant.displayName, id: tenant.id,
            href: paths.href(ConsolePaths.tenant(tenant.id)), canDelete: console.session.admin.may(.manageServer),
            realms: realms.items.map { realm in
                TenantPage.Row(
                    name: realm.displayName, id: realm.id, href: paths.href(ConsolePaths.realm(tenant.id, realm.id)), issuer: realm.issuer)
            },
            next: nextPage(ConsolePaths.tenant(tenant.id), realms.nextCursor), errors: errors.messages,
            values: console.form.firstValues))
    }

    /// The link to the page after this one, or `nil` on the last.
    package func nextPage(_ path: String, _ cursor: String?, query: String = "") -> String? {
        cursor.map { paths.href("\(path)?\(query)cursor=\(ConsolePaths.query($0))") }
    }

    /// Deleting a tenant: what goes with it, counted, and its name to type.
    private func deleteTenantConfirmation(_ context: ServerRequestContext, error: String?) async throws -> Response {
        let (admin, console) = try acting(context)
        try console.session.admin.require(.manageServer, toDo: "delete tenants")
        try admin.requireRecentProof(toDo: "delete a tenant")
        let record = try await admin.tenant(try context.id("tenant"))
        let realms = try await admin.realmPopulation().filter { $0.tenantID == record.id }
        let path = ConsolePaths.tenant(record.id)
        return confirmation(
            console, "Delete tenant \(record.displayName)?",
            "This deletes the tenant with its \(Self.count(realms.count, "realm")), \(Self.count(realms.reduce(0) { $0 + $1.activeIdentities }, "active identity", "active identities")) "
                + "and \(Self.count(realms.reduce(0) { $0 + $1.activeCredentials }, "active credential")), with their applications and sessions. "
                + "Devices enrolled in it can no longer sign in. This cannot be undone.",
            action: path + "/delete", button: "Delete tenant", cancel: path, typeToConfirm: record.displayName, error: error)
    }

    /// `1 realm`, `3 realms`.
    package static func count(_ number: Int, _ one: String, _ many: String? = nil) -> String {
        "\(number) \(number == 1 ? one : many ?? one + "s")"
    }
}
