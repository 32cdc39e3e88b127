import Foundation
import HTTPTypes
import Hummingbird
import IdentityStorage

/// A realm's SCIM 2.0 service provider (RFC 7643, RFC 7644) at `{issuer}/scim/v2`, behind a
/// provisioning token of that realm (``SCIMAuthentication``); every error answered as SCIM's,
/// a path it does not serve as a SCIM `404` (once the token is checked).
struct SCIMController {
    let authentication: SCIMAuthentication
    let baseURL: PublicBaseURL
    let metrics: ServerMetrics

    /// The base path, under the realm's issuer path.
    static let path: RouterPath = "v1/tenants/:tenant/realms/:realm/scim/v2"

    func register(on router: some RouterMethods<ServerRequestContext>) {
        let scim = router.group(Self.path).add(middleware: SCIMErrorMiddleware(metrics: metrics))
        registerDiscovery(on: scim)
        registerUsers(on: scim)
        for method in [HTTPRequest.Method.get, .post, .put, .patch, .delete] {
            scim.on("**", method: method) { request, context -> Response in
                _ = try await authentication.authenticate(request, context)
                throw SCIMError.notFound("this SCIM service has no \(request.method.rawValue) \(request.uri.path)")
            }
        }
    }

    /// `/ServiceProviderConfig`, `/ResourceTypes[/{name}]`, `/Schemas[/{id}]`.
    private func registerDiscovery(on scim: RouterGroup<ServerRequestContext>) {
        scim.get("ServiceProviderConfig") { request, context in
            _ = try await authentication.authenticate(request, context)
            return SCIMResponse.make(SCIMDiscovery.serviceProviderConfig(base: try base(context)))
        }
        scim.get("ResourceTypes") { request, context in
            _ = try await authentication.authenticate(request, context)
            let base = try base(context)
            return SCIMResponse.make(SCIMDiscovery.list(SCIMResourceType.served.map { SCIMDiscovery.resourceType($0, base: base) }))
        }
        scim.get("ResourceTypes/:name") { request, context in
            _ = try await authentication.authenticate(request, context)
            let name = try context.id("name")
            guard let type = SCIMResourceType.served.first(where: { $0.name == name }) else {
                throw SCIMError.notFound("no resource type '\(name)'")
            }
            return SCIMResponse.make(SCIMDiscovery.resourceType(type, base: try base(context)))
        }
        scim.get("Schemas") { request, context in
            _ = try await authentication.authenticate(request, context)
            let base = try base(context)
            return SCIMResponse.make(SCIMDiscovery.list(SCIMResourceType.served.map { SCIMDiscovery.schema($0.schema, base: base) }))
        }
        scim.get("Schemas/:id") { request, context in
            _ = try await authentication.authenticate(request, context)
            let id = try context.id("id")
            guard let schema = SCIMResourceType.served.map(\.schema).first(where: { $0.id == id }) else {
                throw SCIMError.notFound("no schema '\(id)'")
            }
            return SCIMResponse.make(SCIMDiscovery.schema(schema, base: try base(context)))
        }
    }

    /// This realm's SCIM base URL.
    func base(_ context: ServerRequestContext) throws -> String {
        let (tenantID, realmID) = try context.realmPath()
        return SCIMAuthentication.baseURL(issuer: baseURL.issuer(tenantID: tenantID, realmID: realmID))
    }
}
