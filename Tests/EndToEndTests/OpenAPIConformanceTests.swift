import Foundation
import IdentityProtocol
import Testing
import TestProcessSupport
import ServerTestSupport

/// The admin API's OpenAPI document held to third-party validators: openapi-spec-validator
/// says it is OpenAPI 3.1, and openapi-schema-validator checks the real answers of a live
/// server, driven through every operation of the document and its main refusals, against the
/// document's schema for that route and status (`ThirdParty/openapi_check.py`).
@Suite(.requires(.openapi)) struct OpenAPIConformanceTests {
    private static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("ThirdParty/openapi_check.py").path
    private static let document = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("docs/openapi.json")

    @Test func theDocumentIsValidOpenAPI31() async throws {
        let result = try await Python.run([Self.script, "document", Self.document.path])
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output.trimmingCharacters(in: .whitespacesAndNewlines) == "valid")
    }

    @Test func everyOperationAnswersAsTheDocumentSays() async throws {
        try await RunningServer.withEnrolledDevice(.live) { server, realm, device in
            let api = RecordingClient(client: server.admin, log: RecordingClient.Log())
            let served = try await api.with(server.client()).send("GET", AdminAPI.openAPIDocument)
            let kept = try Data(contentsOf: Self.document)
            #expect(served.status == 200 && served.body == kept, "served without a token, as kept")
            try await AdminFlows(api: api, server: server, realm: realm, device: device).run()

            let exchanges = FileManager.default.temporaryDirectory.appendingPathComponent("openapi-\(UUID().uuidString).json")
            defer { try? FileManager.default.removeItem(at: exchanges) }
            try JSONEncoder().encode(await api.log.exchanges).write(to: exchanges)
            let result = try await Python.run([Self.script, "responses", Self.document.path, exchanges.path])
            try #require(result.status == 0, "\(result.errors)")
            let report = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: [String]])
            #expect(report["failures"] == [], "answers the document does not describe")
            let covered = Set((report["covered"] ?? []).filter { $0.hasSuffix(" 200") || $0.hasSuffix(" 201") || $0.hasSuffix(" 204") || $0.hasSuffix(" 202") }
                .map { String($0.dropLast(4)) })
            #expect(Set(report["operations"] ?? []).subtracting(covered).sorted() == [], "operations never answered with success")
            let statuses = Set((report["covered"] ?? []).compactMap { $0.split(separator: " ").last.map(String.init) })
            #expect(statuses.isSuperset(of: ["400", "401", "403", "404", "409", "413", "415"]), "\(statuses.sorted())")
        }
    }
}
