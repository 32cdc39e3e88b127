package import Hummingbird
import Foundation
import IdentityProtocol
package import IdentityStorage
package import IdentityServerCore

/// The admin API under `/v1/admin`, behind the admin token.
package struct AdminController {
    /// The admin service acting for an administrator.
    package let service: @Sendable (AdminPrincipal) -> AdminService
    /// Where refusals of another tenant are recorded and counted.
    package let audit: AuditLog
    package let metrics: ServerMetrics
    /// The tenants' webhook endpoints.
    package let webhooks: WebhookAdminController

    /// The service acting for the administrator the middleware authenticated.
    package func acting(_ context: ServerRequestContext) throws -> AdminService {
        service(try context.requireAdmin())
    }

    package func register(on admin: RouterGroup<ServerRequestContext>) {
        admin.get("audit-events") { request, context in try JSONResponse.make(try await acting(context).auditEvents(try request.page())) }
        registerTokens(on: admin)

        admin.post("tenants") { request, context in
            try JSONResponse.make(try await acting(context).createTenant(try await request.decodeJSON(TenantInput.self, context: context)), status: .created)
        }
        admin.get("tenants") { request, context in try JSONResponse.make(try await acting(context).tenants(try request.page())) }
        let tenant = admin.group("tenants/:tenant").add(middleware: AdminTenantScopeMiddleware(audit: audit, metrics: metrics))
        tenant.get { _, context in try JSONResponse.make(try await acting(context).tenant(try context.id("tenant"))) }
        tenant.patch { request, context in
            try JSONResponse.make(try await acting(context).updateTenant(
                try context.id("tenant"), try await request.decodeJSON(TenantInput.self, context: context)))
        }
        tenant.delete { _, context in
            try await acting(context).deleteTenant(try context.id("tenant"))
            return Response(status: .noContent)
        }

        tenant.post("realms") { request, context in
            try JSONResponse.make(try await acting(context).createRealm(
                try context.id("tenant"), try await request.decodeJSON(RealmInput.self, context: context)), status: .created)
        }
        tenant.get("realms") { request, context in
            try JSONResponse.make(try await acting(context).realms(try context.id("tenant"), try request.page()))
        }
        let realm = tenant.group("realms/:realm")
        realm.get { _, context in try JSONResponse.make(try await acting(context).realm(try RealmPath(context))) }
        realm.patch { request, context in
            try JSONResponse.make(try await acting(context).updateRealm(
                try RealmPath(context), try await request.decodeJSON(RealmInput.self, context: context)))
        }
        realm.delete { _, context in
            try await acting(context).deleteRealm(try RealmPath(context))
            return Response(status: .noContent)
        }
        realm.get("signing-keys") { _, context in try JSONResponse.make(try await acting(context).signingKeys(try RealmPath(context))) }
        realm.post("signing-keys/rotate") { _, context in
            try JSONResponse.make(try await acting(context).rotateSigningKeys(try RealmPath(context)))
        }
        registerApplications(on: realm)
        registerIdentities(on: realm)
        registerProvisioningTokens(on: realm)
        webhooks.register(on: tenant)
    }

    private func registerTokens(on admin: RouterGroup<ServerRequestContext>) {
        admin.post("tokens") { request, context in
            try JSONResponse.make(
                try await acting(context).createAdminToken(try await request.decodeJSON(AdminTokenInput.self, context: context)),
                status: .created)
        }
        admin.get("tokens") { request, context in try JSONResponse.make(try await acting(context).adminTokens(try request.page())) }
        admin.get("tokens/:token") { _, context in try JSONResponse.make(try await acting(context).adminToken(try context.id("token"))) }
        admin.post("tokens/:token/revoke") { _, context in
            try JSONResponse.make(try await acting(context).revokeAdminToken(try context.id("token")))
        }
        admin.post("operators") { request, context in
            try JSONResponse.make(
                try await acting(context).createOperator(try await request.decodeJSON(OperatorInput.self, context: context)), status: .created)
        }
        admin.get("operators") { request, context in try JSONResponse.make(try await acting(context).operators(try request.page())) }
        admin.get("operators/:operator") { _, context in try JSONResponse.make(try await acting(context).operator(try context.id("operator"))) }
        admin.patch("operators/:operator") { request, context in
            try JSONResponse.make(try await acting(context).updateOperator(
                try context.id("operator"), try await request.decodeJSON(OperatorInput.self, context: context)))
        }
    }

    private func registerApplications(on realm: RouterGroup<ServerRequestContext>) {
        realm.post("applications") { request, context in
            let (t, r) = try context.realmPath()
            return try JSONResponse.make(
                try await acting(context).createApplication(t, r, try await request.decodeJSON(ApplicationInput.self, context: context)),
                status: .created)
        }
        realm.get("applications") { request, context in
            let (t, r) = try context.realmPath()
            return try JSONResponse.make(try await acting(context).applications(t, r, try request.page()))
        }
        let application = realm.group("applications/:application")
        application.get { _, context in
            let (t, r) = try context.realmPath()
            return try JSONResponse.make(try await acting(context).application(t, r, try context.id("application")))
        }
        application.patch { request, context in
            let (t, r) = try context.realmPath()
            return try JSONResponse.make(try await acting(context).updateApplication(
                t, r, try context.id("application"), try await request.decodeJSON(ApplicationInput.self, context: context)))
        }
        application.delete { _, context in
            let (t, r) = try context.realmPath()
            try await acting(context).deleteApplication(t, r, try context.id("application"))
            return Response(status: .noContent)
        }
        application.post("rotate-secret") { request, context in
            let (t, r) = try context.realmPath()
            let input = try await request.decodeOptionalJSON(ClientSecretRotationInput.self, context: context)
            return try JSONResponse.make(
                try await acting(context).rotateClientSecret(t, r, try context.id("application"), input ?? ClientSecretRotationInput()))
        }
    }

    private func registerIdentities(on realm: RouterGroup<ServerRequestContext>) {
        realm.post("identities") { request, context in
            try JSONResponse.make(
                try await acting(context).createIdentity(
                    try RealmPath(context), try await request.decodeJSON(IdentityInput.self, context: context)),
                status: .created)
        }
        realm.get("identities") { request, context in
            try JSONResponse.make(try await acting(context).identities(try RealmPath(context), try request.identityQuery(), try request.page()))
        }
        let identity = realm.group("identities/:identity")
        identity.get { _, context in try JSONResponse.make(try await acting(context).identity(try IdentityPath(context))) }
        identity.patch { request, context in
            try JSONResponse.make(try await acting(context).updateIdentity(
                try IdentityPath(context), try await request.decodeJSON(IdentityInput.self, context: context)))
        }
        identity.delete { _, context in
            try await acting(context).deleteIdentity(try IdentityPath(context))
            return Response(status: .noContent)
        }
        identity.get("credentials") { request, context in
            try JSONResponse.make(try await acting(context).credentials(try IdentityPath(context), try request.page()))
        }
        identity.get("credentials/:credential") { _, context in
            try JSONResponse.make(try await acting(context).credential(try IdentityPath(context), try context.id("credential")))
        }
        identity.post("credentials/:credential/revoke") { _, context in
            try JSONResponse.make(try await acting(context).revokeCredential(try IdentityPath(context), try context.id("credential")))
        }
        identity.get("sessions") { request, context in
            try JSONResponse.make(try await acting(context).sessions(try IdentityPath(context), try request.page()))
        }
        identity.post("sessions/:session/revoke") { _, context in
            try JSONResponse.make(try await acting(context).revokeSession(try IdentityPath(context), try context.id("session")))
        }
        identity.post("binding-jobs") { request, context in
            try JSONResponse.make(
                try await acting(context).createBindingJob(
                    try IdentityPath(context), try await request.decodeJSON(BindingJobInput.self, context: context)),
                status: .created)
        }
        identity.get("binding-jobs") { request, context in
            try JSONResponse.make(try await acting(context).bindingJobs(try IdentityPath(context), try request.page()))
        }
        identity.get("binding-jobs/:job") { _, context in
            try JSONResponse.make(try await acting(context).bindingJob(try IdentityPath(context), try context.id("job")))
        }
        identity.post("binding-jobs/:job/revoke") { _, context in
            try JSONResponse.make(try await acting(context).revokeBindingJob(try IdentityPath(context), try context.id("job")))
        }
    }
}

extension ServerRequestContext {
    /// A path parameter.
    package func id(_ name: String) throws -> String { try parameters.require(name) }

    /// The tenant and realm of a realm-scoped path, as the application routes read them (the
    /// others read a ``RealmPath``).
    package func realmPath() throws -> (tenantID: String, realmID: String) { (try id("tenant"), try id("realm")) }
}

extension RealmPath {
    /// The realm a realm-scoped route names (`:tenant`, `:realm`).
    package init(_ context: ServerRequestContext) throws {
        self.init(tenantID: try context.id("tenant"), realmID: try context.id("realm"))
    }
}

extension IdentityPath {
    /// The identity an identity-scoped route names (`:tenant`, `:realm`, `:identity`).
    package init(_ context: ServerRequestContext) throws {
        self.init(realm: try RealmPath(context), identityID: try context.id("identity"))
    }
}

extension Request {
    /// `?page_size=&cursor=`; `size` items when no size is asked for.
    /// The identity listing's `q` (text the username or email contains), `status` and `order`
    /// (`username`, `-username`, `created`, `-created`).
    package func identityQuery() throws -> IdentityQuery {
        let query = try queryParameters()
        let text = try query.single("q")?.trimmingCharacters(in: .whitespaces) ?? ""
        guard text.utf8.count <= 200 else { throw ServerError.invalidRequest("'q' must be at most 200 bytes") }
        let status = try query.single("status").flatMap { $0.isEmpty ? nil : $0 }.map {
            try InputRules.oneOf($0, field: "status") as IdentityRecord.Status
        }
        let order = try query.single("order").flatMap { $0.isEmpty ? nil : $0 }.map {
            try InputRules.oneOf($0, field: "order") as IdentityQuery.Order
        } ?? .username
        return IdentityQuery(text: text, status: status, order: order)
    }

    package func page(size defaultSize: Int = 100) throws -> PageRequest {
        let query = try queryParameters()
        let size = try query.single("page_size").map { text in
            guard let size = Int(text), (1...1000).contains(size) else {
                throw ServerError.invalidRequest("'page_size' must be 1–1000")
            }
            return size
        }
        return PageRequest(size: size ?? defaultSize, cursor: try query.single("cursor"))
    }
}
