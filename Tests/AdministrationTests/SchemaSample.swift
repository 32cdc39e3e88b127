import Foundation

/// A JSON value made from a schema of the OpenAPI document alone: the first of an `enum`, a
/// fixed date for `date-time`, the `minimum` or 1 for an integer, one item for an array, and an
/// object's properties (all of them when `complete`, else the required ones).
struct SchemaSample {
    let document: OpenAPITestDocument
    let complete: Bool

    /// The sample of `schema`.
    func value(of schema: [String: Any]) -> Any {
        let schema = document.resolved(schema)
        if let choices = schema["enum"] as? [Any], let first = choices.first { return first }
        switch schema["type"] as? String {
        case "object":
            let properties = schema["properties"] as? [String: [String: Any]] ?? [:]
            let required = Set(schema["required"] as? [String] ?? [])
            return properties.filter { complete || required.contains($0.key) }.mapValues(value(of:))
        case "array": return [value(of: schema["items"] as? [String: Any] ?? [:])]
        case "integer": return schema["minimum"] as? Int ?? 1
        case "boolean": return true
        case "string": return schema["format"] as? String == "date-time" ? "2026-01-02T03:04:05Z" : "x"
        default: return NSNull()
        }
    }
}
