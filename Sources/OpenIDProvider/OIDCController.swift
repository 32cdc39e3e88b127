import Foundation
import HTTPTypes
package import Hummingbird
import IdentityProtocol
import IdentityStorage
package import IdentityServerCore

/// The OpenID provider of each realm, under its issuer `/v1/tenants/{tenant}/realms/{realm}`,
/// and the client lookup the SDK starts from. The endpoints scripts call answer CORS.
package struct OIDCController {
    package let authorization: AuthorizationService
    package let tokens: TokenService
    package let userInfo: UserInfoService
    package let discovery: DiscoveryService
    package let tokenStatus: TokenStatusService
    package let endSession: EndSessionService
    package let cors: CORSMiddleware
    /// Sign-ins approved on another device, where an application offers them.
    package let crossDevice: any CrossDeviceHandoff

    package func register(on router: some RouterMethods<ServerRequestContext>) {
        router.get("v1/clients/:client") { _, context in
            try JSONResponse.make(try await discovery.client(context.parameters.require("client")))
        }
        let issuerPath: RouterPath = "v1/tenants/:tenant/realms/:realm"
        registerBrowserFacing(on: router.group(issuerPath).add(middleware: cors))
        let issuer = router.group(issuerPath)
        issuer.get(RouterPath(ProviderPath.authorize)) { request, context in
            try await authorize(try request.queryParameters(), request: request, context: context)
        }
        issuer.post(RouterPath(ProviderPath.authorize)) { request, context in
            try await authorize(try await request.formParameters(context: context), request: request, context: context)
        }
        issuer.get(RouterPath(ProviderPath.endSession)) { request, context in
            try await logout(try request.queryParameters(), context: context, redirectStatus: .found)
        }
        issuer.post(RouterPath(ProviderPath.endSession)) { request, context in
            // 303: the browser follows a form's POST with a GET (RFC 9110 §15.4.4).
            try await logout(try await request.formParameters(context: context), context: context, redirectStatus: .seeOther)
        }
    }

    /// Discovery, JWKS, token, userinfo, revocation and introspection, each with a preflight.
    private func registerBrowserFacing(on issuer: RouterGroup<ServerRequestContext>) {
        issuer.get(RouterPath(ProviderPath.discovery)) { _, context in
            let (tenant, realm) = try Self.issuerPath(context)
            return JSONResponse.raw(try await discovery.metadataJSON(tenantID: tenant, realmID: realm), cacheable: true)
        }
        issuer.get(RouterPath(ProviderPath.jwks)) { _, context in
            let (tenant, realm) = try Self.issuerPath(context)
            return JSONResponse.raw(try await discovery.jwks(tenantID: tenant, realmID: realm), cacheable: true)
        }
        issuer.post(RouterPath(ProviderPath.token)) { request, context in
            let (tenant, realm) = try Self.issuerPath(context)
            let response = try await tokens.exchange(
                try await Self.clientForm(request, context), headers: request.headers, clientAddress: context.clientAddress,
                tenantID: tenant, realmID: realm)
            return JSONResponse.make(response, headers: tokens.dpop.nonceHeaders)
        }
        issuer.post(RouterPath(ProviderPath.revocation)) { request, context in
            let (tenant, realm) = try Self.issuerPath(context)
            try await tokenStatus.revoke(
                try await Self.clientForm(request, context), authorization: request.headers[.authorization],
                tenantID: tenant, realmID: realm)
            return Response(status: .ok)
        }
        issuer.post(RouterPath(ProviderPath.introspection)) { request, context in
            let (tenant, realm) = try Self.issuerPath(context)
            return try JSONResponse.make(try await tokenStatus.introspect(
                try await Self.clientForm(request, context), authorization: request.headers[.authorization],
                tenantID: tenant, realmID: realm))
        }
        // OIDC Core §5.3.1: GET and POST alike, the access token in the Authorization header.
        for method in [HTTPRequest.Method.get, .post] {
            issuer.on(RouterPath(ProviderPath.userinfo), method: method) { request, context in
                let (tenant, realm) = try Self.issuerPath(context)
                return try JSONResponse.make(
                    try await userInfo.userInfo(request.headers, method: request.method, tenantID: tenant, realmID: realm))
            }
        }
        for path in [ProviderPath.discovery, ProviderPath.jwks, ProviderPath.token, ProviderPath.userinfo,
                     ProviderPath.revocation, ProviderPath.introspection] {
            // Reached only without an Origin (the middleware answers preflights): say what is allowed.
            issuer.on(RouterPath(path), method: .options) { _, _ in
                Response(status: .noContent, headers: [.allow: CORSMiddleware.allowedMethods])
            }
        }
    }

    /// The form of a request a client authenticates, its client noted for the request log.
    private static func clientForm(_ request: Request, _ context: ServerRequestContext) async throws -> FormParameters {
        let form = try await request.formParameters(context: context)
        context.facts.noteClient(parameters: form, authorization: request.headers[.authorization])
        return form
    }

    private func authorize(_ parameters: FormParameters, request: Request, context: ServerRequestContext) async throws -> Response {
        context.facts.noteClient(parameters: parameters)
        let (tenant, realm) = try Self.issuerPath(context)
        switch try await authorization.authorize(parameters, tenantID: tenant, realmID: realm) {
        case .invokeAuthenticator(let url), .errorRedirect(let url):
            return JSONResponse.redirect(to: url)
        case .authenticateURL(let url):
            return try JSONResponse.make(["authenticate_url": url])
        case .crossDevice(let reference, let transaction, let tenantID):
            return try await crossDevice.handOff(reference, of: transaction, tenantID: tenantID, request: request, context: context)
        }
    }

    private func logout(
        _ parameters: FormParameters, context: ServerRequestContext, redirectStatus: HTTPResponse.Status
    ) async throws -> Response {
        let (tenant, realm) = try Self.issuerPath(context)
        switch try await endSession.endSession(parameters, tenantID: tenant, realmID: realm) {
        case .redirect(let url):
            return JSONResponse.redirect(to: url, status: redirectStatus)
        case .signedOut:
            return try JSONResponse.make(["signed_out": true])
        }
    }

    private static func issuerPath(_ context: ServerRequestContext) throws -> (String, String) {
        (try context.parameters.require("tenant"), try context.parameters.require("realm"))
    }
}
