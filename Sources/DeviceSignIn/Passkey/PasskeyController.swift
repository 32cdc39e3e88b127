package import Hummingbird
import IdentityProtocol
package import IdentityServerCore

/// Passkeys in the browser: the enrollment link's page, and the two requests its script makes
/// (options, then the new credential), both JSON from this origin only.
package struct PasskeyController {
    package let service: PasskeyRegistrationService
    package let renderer: PageRenderer<SignInPageTemplate>
    package let pathPrefix: String
    package let origin: SameOriginCheck

    package init(service: PasskeyRegistrationService, renderer: PageRenderer<SignInPageTemplate>, pathPrefix: String, origin: SameOriginCheck) {
        (self.service, self.renderer, self.pathPrefix, self.origin) = (service, renderer, pathPrefix, origin)
    }

    package func register(on router: some RouterMethods<ServerRequestContext>) {
        router.post(RouterPath(PasskeyAPI.registrationOptions)) { request, context in
            try origin.check(request)
            let body = try await request.decodeJSON(PasskeyRegistrationOptionsRequest.self, context: context)
            return try JSONResponse.make(try await service.options(body))
        }
        router.post(RouterPath(PasskeyAPI.registration)) { request, context in
            try origin.check(request)
            let body = try await request.decodeJSON(PasskeyRegistrationRequest.self, context: context)
            return try JSONResponse.make(try await service.register(body), status: .created)
        }
        router.get(RouterPath(PasskeyAPI.script)) { _, _ in SignInPageAssets.passkeyScript }
    }

    /// The enrollment link's page (`GET /v1/bind`), or a page saying why the link cannot be used;
    /// `nil` when the link's realm offers no passkeys.
    package func enrollmentPage(token: String?) async throws -> Response? {
        let assets = pathPrefix + "/v1/assets"
        let response: Response
        do {
            guard let subject = try await service.page(token: token) else { return nil }
            response = renderer.page(.passkeyRegistration, PasskeyRegistrationPage(
                assets: assets, realm: subject.realm, identity: subject.identity, app: subject.appURL, token: token ?? "",
                options: pathPrefix + PasskeyAPI.registrationOptions, register: pathPrefix + PasskeyAPI.registration))
        } catch let error as ServerError where error.status.code < 500 {
            response = renderer.page(
                .message, MessagePage(
                    assets: assets, heading: "This link cannot be used", message: SignInPageController.sentence(error.description),
                    next: "Ask whoever sent it for a new link, or sign in with a device or passkey you already set up."),
                status: error.status)
        }
        var secured = response
        BrowserSecurityHeaders.apply(SignInPageController.securityHeaders(), to: &secured.headers)
        return secured
    }
}
