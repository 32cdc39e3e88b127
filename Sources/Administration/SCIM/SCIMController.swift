package import Foundation
import HTTPTypes
package import Hummingbird
import IdentityStorage
package import IdentityServerCore

/// A realm's SCIM 2.0 service provider (RFC 7643, RFC 7644) at `{issuer}/scim/v2`, behind a
/// provisioning token of that realm (``SCIMAuthentication``); every error answered as SCIM's,
/// a path it does not serve as a SCIM `404`, a method a served path does not have as a SCIM `405`
/// naming those it has (`Allow`), a query by `POST …/.search` as a SCIM `501` (all once the token
/// is checked).
package struct SCIMController {
    package let authentication: SCIMAuthentication
    /// Makes the enrollment links a realm mails its directory's new users.
    package let invitations: EnrollmentInvitations
    /// How long such a link works.
    package let enrollmentLifetime: TimeInterval
    package let baseURL: PublicBaseURL
    package let metrics: ServerMetrics

    /// The base path, under the realm's issuer path.
    package static let path: RouterPath = "v1/tenants/:tenant/realms/:realm/scim/v2"

    package func register(on router: some RouterMethods<ServerRequestContext>) {
        let scim = router.group(Self.path).add(middleware: SCIMErrorMiddleware(metrics: metrics))
        registerDiscovery(on: scim)
        registerResource(SCIMUserService.self, on: scim, make: SCIMUserService.init(context:))
        registerResource(SCIMGroupService.self, on: scim, make: SCIMGroupService.init(context:))
        registerRefusals(on: scim)
    }

    /// The answers for what is not served: a query by POST (RFC 7644 §3.4.3; GET with `filter`
    /// is the way here) is `501`, another method on a served path `405`, anything else `404`.
    private func registerRefusals(on scim: RouterGroup<ServerRequestContext>) {
        let methods: [HTTPRequest.Method] = [.get, .post, .put, .patch, .delete]
        let searches: [RouterPath] = [".search"] + SCIMResourceType.served.map { "\($0.endpoint.dropFirst())/.search" }
        for path in searches {
            scim.post(path) { request, context -> Response in
                _ = try await authentication.authenticate(request, context)
                throw SCIMError(.notImplemented, nil, "queries by POST are not served: use GET with 'filter'")
            }
        }
        var served: [(RouterPath, [HTTPRequest.Method])] = [
            ("ServiceProviderConfig", [.get]), ("ResourceTypes", [.get]), ("ResourceTypes/:name", [.get]), ("Schemas", [.get]),
            ("Schemas/:id", [.get]),
        ]
        for type in SCIMResourceType.served {
            let path = type.endpoint.dropFirst()
            served += [("\(path)", [.get, .post]), ("\(path)/:id", [.get, .put, .patch, .delete]), ("\(path)/.search", [.post])]
        }
        served.append((".search", [.post]))
        for (path, allowed) in served {
            for method in methods where !allowed.contains(method) {
                scim.on(path, method: method) { request, context -> Response in
                    _ = try await authentication.authenticate(request, context)
                    throw SCIMError(
                        .methodNotAllowed, nil, "\(request.uri.path) does not answer \(method.rawValue)",
                        headers: [.allow: allowed.map(\.rawValue).joined(separator: ", ")])
                }
            }
        }
        for method in methods {
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
    package func base(_ context: ServerRequestContext) throws -> String {
        let (tenantID, realmID) = try context.realmPath()
        return SCIMAuthentication.baseURL(issuer: baseURL.issuer(tenantID: tenantID, realmID: realmID))
    }
}
