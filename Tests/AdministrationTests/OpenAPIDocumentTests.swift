import Foundation
import HTTPTypes
import Hummingbird
import Logging
import Prometheus
import Testing

@testable import IdentityServerCore
@testable import Administration
import ServerTestSupport

/// The OpenAPI document against what the server really has: the embedded copy is the
/// repository's file, and the document's routes are the router's.
@Suite struct OpenAPIDocumentTests {
    @Test func embeddedCopyIsTheRepositoryFileByteForByte() throws {
        let file = try Data(contentsOf: OpenAPITestDocument.repositoryFile)
        #expect(Data(OpenAPIDocument.json.utf8) == file, "docs/openapi.json changed: run Scripts/embed-openapi")
    }

    /// Walks the route table Hummingbird builds (`Router.routes`, before `HEAD` routes are
    /// generated): every route under `/v1/admin`, and `/v1/openapi.json`, is an operation of
    /// the document, and every operation of the document is a route (`:param` is `{param}`).
    @Test func routeTableAndDocumentHaveTheSameRoutes() async throws {
        let table = try await RunningServer.routeTable()
        let routes = Set(table.map { "\($0.method.rawValue) \($0.path.description)" }
            .filter { $0.contains(" /v1/admin") || $0.hasSuffix(" /v1/openapi.json") })
        let documented = try OpenAPITestDocument().operations
        #expect(routes.count > 30, "the admin routes were not found: \(routes.sorted())")
        #expect(routes.subtracting(documented).sorted() == [], "routes the document does not describe")
        #expect(documented.subtracting(routes).sorted() == [], "operations of the document the server does not have")
    }
}
