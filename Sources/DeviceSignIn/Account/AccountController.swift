package import Hummingbird
import IdentityProtocol
import IdentityStorage
package import IdentityServerCore

/// A realm's account page at `{issuer}/account`: signed out, a passkey sign-in (the hosted
/// pages' passkey script); signed in, the person's own passkeys, devices and sessions. Its
/// requests and forms come from its own origin only; its session is a SameSite=Strict cookie.
package struct AccountController {
    package let service: AccountService
    package let renderer: PageRenderer<SignInPageTemplate>
    package let cookie: AccountSessionCookie
    package let pathPrefix: String
    package let origin: SameOriginCheck

    package init(
        service: AccountService, renderer: PageRenderer<SignInPageTemplate>, cookie: AccountSessionCookie, pathPrefix: String,
        origin: SameOriginCheck
    ) {
        (self.service, self.renderer, self.cookie, self.pathPrefix, self.origin) = (service, renderer, cookie, pathPrefix, origin)
    }

    package func register(on router: some RouterMethods<ServerRequestContext>) {
        let account = router.group("v1/tenants/:tenant/realms/:realm/account")
        account.get { request, context in
            let realm = try await realm(context)
            let page = path(realm)
            guard let session = try await service.session(cookie.secret(in: request, of: realm.id), of: realm),
                  let overview = try await service.overview(session)
            else {
                return secured(renderer.page(.accountSignIn, AccountSignInPage(
                    assets: assets, realm: realm.displayName, options: page + "/passkey/options", signIn: page + "/passkey")))
            }
            return secured(renderer.page(.account, AccountPage(assets: assets, realm: realm.displayName, page: page, overview: overview)))
        }
        account.post("passkey/options") { request, context in
            try origin.check(request)
            return try JSONResponse.make(try service.options(try await realm(context)))
        }
        account.post("passkey") { request, context in
            try origin.check(request)
            let realm = try await realm(context)
            let body = try await request.decodeJSON(PasskeySignInRequest.self, context: context)
            let secret = try await service.signIn(
                realm, body, address: context.clientAddress, userAgent: request.headers[.userAgent].map(BrowserOrigin.printable))
            var response = try JSONResponse.make(["redirect": path(realm)])
            response.headers[.setCookie] = cookie.setting(secret, of: realm.id, lifetime: AccountService.absoluteLifetime)
            return response
        }
        account.post("sign-out") { request, context in
            try origin.check(request)
            let realm = try await realm(context)
            if let session = try await service.session(cookie.secret(in: request, of: realm.id), of: realm) {
                try await service.signOut(session)
            }
            var response = JSONResponse.redirect(to: path(realm), status: .seeOther)
            response.headers[.setCookie] = cookie.setting("", of: realm.id, lifetime: 0)
            return response
        }
    }

    private var assets: String { pathPrefix + "/v1/assets" }

    /// The page's own path (under the public base URL's path).
    private func path(_ realm: RealmRecord) -> String {
        pathPrefix + "/v1/tenants/\(realm.tenantID)/realms/\(realm.id)/account"
    }

    private func realm(_ context: ServerRequestContext) async throws -> RealmRecord {
        try await service.realm(try context.parameters.require("tenant"), try context.parameters.require("realm"))
    }

    private func secured(_ response: Response) -> Response {
        var response = response
        BrowserSecurityHeaders.apply(SignInPageController.securityHeaders(), to: &response.headers)
        return response
    }
}
