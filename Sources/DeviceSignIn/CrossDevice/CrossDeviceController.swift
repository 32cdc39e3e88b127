package import Hummingbird
import IdentityProtocol
package import IdentityServerCore

/// The approving device's side of cross-device sign-in: the context of a code, approval and decline.
package struct CrossDeviceController {
    package let service: CrossDeviceSignInService

    package func register(on router: some RouterMethods<ServerRequestContext>) {
        router.post(RouterPath(CrossDeviceAPI.context)) { request, context in
            let body = try await request.decodeJSON(CrossDeviceRequest.self, context: context)
            return try JSONResponse.make(try await service.context(body, clientAddress: context.clientAddress))
        }
        router.post(RouterPath(CrossDeviceAPI.approve)) { request, context in
            let body = try await request.decodeJSON(CrossDeviceApproval.self, context: context)
            return try JSONResponse.make(try await service.approve(body, clientAddress: context.clientAddress))
        }
        router.post(RouterPath(CrossDeviceAPI.decline)) { request, context in
            let body = try await request.decodeJSON(CrossDeviceRequest.self, context: context)
            return try JSONResponse.make(try await service.decline(body, clientAddress: context.clientAddress))
        }
    }
}
