package import Hummingbird
import IdentityProtocol
package import IdentityServerCore

/// Email one-time codes: ask for a code for a pending sign-in, redeem it.
package struct EmailCodeController {
    package let service: EmailCodeService

    package func register(on router: some RouterMethods<ServerRequestContext>) {
        router.post(RouterPath(EmailCodeAPI.begin)) { request, context in
            let body = try await request.decodeJSON(EmailCodeRequest.self, context: context)
            return try JSONResponse.make(try await service.begin(body, clientAddress: context.clientAddress))
        }
        router.post(RouterPath(EmailCodeAPI.redeem)) { request, context in
            let body = try await request.decodeJSON(EmailCodeRedemption.self, context: context)
            return try JSONResponse.make(try await service.redeem(body, clientAddress: context.clientAddress))
        }
    }
}
