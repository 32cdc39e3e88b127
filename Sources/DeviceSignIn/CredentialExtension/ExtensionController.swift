import HTTPTypes
package import Hummingbird
import IdentityProtocol
package import IdentityServerCore

/// Credential extension: device A opens, polls, rotates, endorses and cancels; device B claims and polls.
package struct ExtensionController {
    package let service: ExtensionService

    package func register(on router: some RouterMethods<ServerRequestContext>) {
        router.post(RouterPath(DeviceAPI.openExtension)) { request, context in
            let body = try await request.decodeJSON(OpenExtensionRequest.self, context: context)
            return try JSONResponse.make(try await service.open(body), status: .created)
        }
        router.post(RouterPath(DeviceAPI.extensionStatus)) { request, context in
            let body = try await request.decodeJSON(ExtensionStatusRequest.self, context: context)
            return try JSONResponse.make(try await service.status(body))
        }
        router.post(RouterPath(DeviceAPI.rotateExtensionCode)) { request, context in
            let body = try await request.decodeJSON(ExtensionSessionReference.self, context: context)
            return try JSONResponse.make(try await service.rotate(body))
        }
        router.post(RouterPath(DeviceAPI.endorseExtension)) { request, context in
            let body = try await request.decodeJSON(EndorseExtensionRequest.self, context: context)
            return try JSONResponse.make(try await service.endorse(body))
        }
        router.post(RouterPath(DeviceAPI.cancelExtension)) { request, context in
            let body = try await request.decodeJSON(ExtensionSessionReference.self, context: context)
            return try JSONResponse.make(try await service.cancel(body))
        }
        router.post(RouterPath(DeviceAPI.claimExtension)) { request, context in
            let body = try await request.decodeJSON(ClaimExtensionRequest.self, context: context)
            return try JSONResponse.make(try await service.claim(body, from: context.clientAddress), status: .created)
        }
    }
}
