import Foundation
import Testing

@testable import IdentityServerCore
@testable import Administration

/// The admin API's OpenAPI document as the server embeds it, parsed for tests that hold code to it.
struct OpenAPITestDocument {
    /// The whole document.
    let root: [String: Any]

    /// `docs/openapi.json` in the repository.
    static let repositoryFile = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("docs/openapi.json")

    /// The embedded document, parsed.
    init() throws {
        root = try #require(try JSONSerialization.jsonObject(with: Data(OpenAPIDocument.json.utf8)) as? [String: Any])
    }

    /// The path templates and their path items.
    var paths: [String: [String: Any]] { root["paths"] as? [String: [String: Any]] ?? [:] }

    /// Every operation as `METHOD /path/{param}`.
    var operations: Set<String> {
        Set(paths.flatMap { path, item in
            item.keys.filter { $0 != "parameters" }.map { "\($0.uppercased()) \(path)" }
        })
    }

    /// The schemas of `components`, by name.
    var schemas: [String: [String: Any]] {
        (root["components"] as? [String: Any])?["schemas"] as? [String: [String: Any]] ?? [:]
    }

    /// `schema` with a local `$ref` (`#/components/schemas/Name`) followed.
    func resolved(_ schema: [String: Any]) -> [String: Any] {
        guard let reference = schema["$ref"] as? String else { return schema }
        return schemas[String(reference.split(separator: "/").last ?? "")] ?? [:]
    }
}
