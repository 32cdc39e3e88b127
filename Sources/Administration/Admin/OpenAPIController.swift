import Foundation
package import Hummingbird
import IdentityProtocol
package import IdentityServerCore

/// `GET /v1/openapi.json`: the admin API's OpenAPI document, as embedded from `docs/openapi.json`.
///
/// Public, unlike the API it describes: it holds shapes, never data (the same text is in the
/// repository), and client generators and API explorers fetch it without a token. Any origin
/// may read it (`Access-Control-Allow-Origin: *`, no credentials), and caches may keep it a while.
package struct OpenAPIController {
    /// The document's bytes, made once.
    private static let body = Data(OpenAPIDocument.json.utf8)

    package func register(on router: some RouterMethods<ServerRequestContext>) {
        router.get(RouterPath(AdminAPI.openAPIDocument)) { _, _ in
            JSONResponse.raw(Self.body, headers: [.accessControlAllowOrigin: "*"], cacheable: true)
        }
    }
}
