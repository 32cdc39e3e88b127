import Foundation
import Hummingbird
import IdentityStorage

/// A realm's SCIM 2.0 service provider (RFC 7643, RFC 7644) at `{issuer}/scim/v2`, behind a
/// provisioning token of that realm (``SCIMAuthentication``); every error answered as SCIM's.
struct SCIMController {
    let authentication: SCIMAuthentication
    let baseURL: PublicBaseURL
    let metrics: ServerMetrics

    /// The base path, under the realm's issuer path.
    static let path: RouterPath = "v1/tenants/:tenant/realms/:realm/scim/v2"

    func register(on router: some RouterMethods<ServerRequestContext>) {
        let scim = router.group(Self.path).add(middleware: SCIMErrorMiddleware(metrics: metrics))
        scim.get("ServiceProviderConfig") { request, context in
            _ = try await authentication.authenticate(request, context)
            return SCIMResponse.make(SCIMDiscovery.serviceProviderConfig(base: try base(context)))
        }
    }

    /// This realm's SCIM base URL.
    private func base(_ context: ServerRequestContext) throws -> String {
        let (tenantID, realmID) = try context.realmPath()
        return SCIMAuthentication.baseURL(issuer: baseURL.issuer(tenantID: tenantID, realmID: realmID))
    }
}
