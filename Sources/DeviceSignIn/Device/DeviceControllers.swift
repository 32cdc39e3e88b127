package import Hummingbird
import IdentityProtocol
package import IdentityServerCore

/// Enrollment: the link (`GET /v1/bind`: on to the app, or where an application of the realm
/// offers passkeys, a page that offers both) and binding a device key.
package struct EnrollmentController {
    package let service: EnrollmentService
    /// Passkeys in the browser.
    package let passkeys: PasskeyController

    package func register(on router: some RouterMethods<ServerRequestContext>) {
        router.get(RouterPath(DeviceAPI.enrollmentLink)) { request, _ in
            let token = try request.queryParameters().single(DeviceURLParameter.bindingToken)
            if let page = try await passkeys.enrollmentPage(token: token) { return page }
            return JSONResponse.redirect(to: try await service.registrationRedirect(token: token))
        }
        router.post(RouterPath(DeviceAPI.bindCredential)) { request, context in
            let body = try await request.decodeJSON(BindCredentialRequest.self, context: context)
            return try JSONResponse.make(try await service.bind(body), status: .created)
        }
    }
}

/// The device side of a sign-in, self-revocation, and credential states.
package struct DeviceAuthenticationController {
    package let service: DeviceAuthenticationService
    package let states: CredentialStatusService

    package func register(on router: some RouterMethods<ServerRequestContext>) {
        router.post(RouterPath(DeviceAPI.authenticationChallenge)) { request, context in
            let body = try await request.decodeJSON(AuthenticationChallengeRequest.self, context: context)
            return JSONResponse.make(try await service.challenge(for: body.transaction))
        }
        router.post(RouterPath(DeviceAPI.authenticate)) { request, context in
            let body = try await request.decodeJSON(AuthenticationAssertion.self, context: context)
            return JSONResponse.make(try await service.authenticate(body))
        }
        router.post(RouterPath(DeviceAPI.revokeCredential)) { request, context in
            let body = try await request.decodeJSON(RevokeCredentialRequest.self, context: context)
            return try JSONResponse.make(try await service.revoke(body))
        }
        router.post(RouterPath(DeviceAPI.credentialStatus)) { request, context in
            let body = try await request.decodeJSON(CredentialStatusRequest.self, context: context)
            return try JSONResponse.make(try await states.states(body))
        }
    }
}
