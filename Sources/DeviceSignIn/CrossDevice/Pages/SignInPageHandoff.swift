package import Hummingbird
import IdentityProtocol
package import IdentityServerCore
package import OpenIDProvider

/// The hosted sign-in page as the provider's cross-device hand-off: the sign-in starts, and
/// the browser is sent to its page with the cookie that alone may continue it.
package struct SignInPageHandoff: CrossDeviceHandoff {
    package let service: CrossDeviceSignInService
    package let cookie: SignInPageCookie

    package func handOff(
        _ reference: String, of transaction: AuthorizationTransaction, tenantID: String, request: Request,
        context: ServerRequestContext
    ) async throws -> Response {
        let secret = Secrets.token()
        let origin = BrowserOrigin.of(request, context, geolocationHeader: service.settings.geolocationHeader)
        let id = try await service.start(reference, of: transaction, tenantID: tenantID, origin: origin, browserSecret: secret)
        var response = JSONResponse.redirect(to: service.baseURL.value + CrossDeviceAPI.page(id), status: .seeOther)
        response.headers[.setCookie] = cookie.setting(secret, of: id)
        return response
    }
}
