/// Shape checks for free-text input that ends up in records, logs or mail headers.
enum InputRules {
    /// A name of at most `maxLength` characters without control characters; `nil` stays `nil`.
    static func optionalName(_ value: String?, field: String, maxLength: Int = 200) throws -> String? {
        guard let value else { return nil }
        guard !value.isEmpty, value.count <= maxLength,
              !value.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
        else { throw ServiceError.invalidRequest("'\(field)' must be 1–\(maxLength) characters without control characters") }
        return value
    }
}
