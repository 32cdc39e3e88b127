import Hummingbird
import IdentityProtocol

/// The OpenID provider of each realm, under its issuer `/v1/tenants/{tenant}/realms/{realm}`,
/// and the client lookup the SDK starts from.
struct OIDCController {
    let authorization: AuthorizationService
    let tokens: TokenService
    let discovery: DiscoveryService
    let tokenStatus: TokenStatusService

    func register(on router: Router<ServerRequestContext>) {
        router.get("v1/clients/:client") { _, context in
            try JSONResponse.make(try await discovery.client(context.parameters.require("client")))
        }
        let issuer = router.group("v1/tenants/:tenant/realms/:realm")
        issuer.get(RouterPath(ProviderPath.discovery)) { _, context in
            let (tenant, realm) = try Self.issuerPath(context)
            return try JSONResponse.make(try await discovery.metadata(tenantID: tenant, realmID: realm), cacheable: true)
        }
        issuer.get(RouterPath(ProviderPath.jwks)) { _, context in
            let (tenant, realm) = try Self.issuerPath(context)
            return JSONResponse.raw(try await discovery.jwks(tenantID: tenant, realmID: realm), cacheable: true)
        }
        issuer.get(RouterPath(ProviderPath.authorize)) { request, context in
            try await authorize(try request.queryParameters(), context: context)
        }
        issuer.post(RouterPath(ProviderPath.authorize)) { request, context in
            try await authorize(try await request.formParameters(context: context), context: context)
        }
        issuer.post(RouterPath(ProviderPath.token)) { request, context in
            let (tenant, realm) = try Self.issuerPath(context)
            let response = try await tokens.exchange(
                try await request.formParameters(context: context), authorization: request.headers[.authorization],
                tenantID: tenant, realmID: realm)
            return try JSONResponse.make(response)
        }
        issuer.post(RouterPath(ProviderPath.revocation)) { request, context in
            let (tenant, realm) = try Self.issuerPath(context)
            try await tokenStatus.revoke(
                try await request.formParameters(context: context), authorization: request.headers[.authorization],
                tenantID: tenant, realmID: realm)
            return Response(status: .ok)
        }
        issuer.post(RouterPath(ProviderPath.introspection)) { request, context in
            let (tenant, realm) = try Self.issuerPath(context)
            return try JSONResponse.make(try await tokenStatus.introspect(
                try await request.formParameters(context: context), authorization: request.headers[.authorization],
                tenantID: tenant, realmID: realm))
        }
        // OIDC Core §5.3.1: GET and POST alike, the access token in the Authorization header.
        for method in [HTTPRequest.Method.get, .post] {
            issuer.on(RouterPath(ProviderPath.userinfo), method: method) { request, context in
                let (tenant, realm) = try Self.issuerPath(context)
                return try JSONResponse.make(
                    try await tokens.userInfo(bearer: request.headers[.authorization], tenantID: tenant, realmID: realm))
            }
        }
    }

    private func authorize(_ parameters: FormParameters, context: ServerRequestContext) async throws -> Response {
        let (tenant, realm) = try Self.issuerPath(context)
        switch try await authorization.authorize(parameters, tenantID: tenant, realmID: realm) {
        case .invokeAuthenticator(let url), .errorRedirect(let url):
            return JSONResponse.redirect(to: url)
        }
    }

    private static func issuerPath(_ context: ServerRequestContext) throws -> (String, String) {
        (try context.parameters.require("tenant"), try context.parameters.require("realm"))
    }
}
