import Foundation
import HTTPTypes
import Hummingbird
import Logging
import Prometheus
import Testing

@testable import IdentityServer
@testable import IdentityServerCore
@testable import Administration

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
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bi-openapi-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        var configuration = ServerConfiguration()
        configuration.dataDirectory = directory
        configuration.logger.logLevel = .warning
        let server = try await IdentityServer.prepare(configuration)
        let router = Routes.build(context: server.context, metrics: PrometheusCollectorRegistry())
        try await server.shutdown()

        let routes = Set(router.routes.map { "\($0.method.rawValue) \($0.path.description)" }
            .filter { $0.contains(" /v1/admin") || $0.hasSuffix(" /v1/openapi.json") })
        let documented = try OpenAPITestDocument().operations
        #expect(routes.count > 30, "the admin routes were not found: \(routes.sorted())")
        #expect(routes.subtracting(documented).sorted() == [], "routes the document does not describe")
        #expect(documented.subtracting(routes).sorted() == [], "operations of the document the server does not have")
    }
}
