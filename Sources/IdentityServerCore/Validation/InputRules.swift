import Foundation

/// Shape checks for input that ends up in records, logs, redirects or mail headers.
/// Each throws `400 invalid_request` naming the field.
package enum InputRules {
    /// A name of 1…`maxLength` characters without control characters, nor invisible formatting
    /// characters (Unicode's Cf: the text-direction controls such as U+202E that make a name
    /// shown on a page read as something else, zero-width spaces, tag characters) but the
    /// zero-width joiner and non-joiner that emoji and many scripts need; `nil` stays `nil`.
    package static func optionalName(_ value: String?, field: String, maxLength: Int = 200) throws -> String? {
        guard let value else { return nil }
        guard !value.isEmpty, value.count <= maxLength, !value.unicodeScalars.contains(where: isHidden) else {
            throw ServerError.invalidRequest("'\(field)' must be 1–\(maxLength) characters without control or invisible formatting characters")
        }
        return value
    }

    /// A control character, or an invisible formatting one other than the joiners (U+200C, U+200D).
    private static func isHidden(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control: true
        case .format: scalar.value != 0x200C && scalar.value != 0x200D
        default: false
        }
    }

    /// A required name.
    package static func name(_ value: String?, field: String, maxLength: Int = 200) throws -> String {
        guard let name = try optionalName(value, field: field, maxLength: maxLength) else {
            throw ServerError.invalidRequest("'\(field)' is required")
        }
        return name
    }

    /// An absolute URL with a scheme and no fragment (RFC 6749 §3.1.2); app schemes allowed.
    package static func absoluteURL(_ value: String?, field: String) throws -> String {
        let value = try name(value, field: field, maxLength: 2000)
        guard let components = URLComponents(string: value), let scheme = components.scheme, !scheme.isEmpty,
              components.fragment == nil, !value.contains(where: \.isWhitespace),
              ["http", "https"].contains(scheme.lowercased()) ? components.host?.isEmpty == false : true
        else { throw ServerError.invalidRequest("'\(field)' must be an absolute URL without a fragment") }
        return value
    }

    /// A URI the server sends a user's browser or app to (redirect, invoke, post-logout and
    /// registration URIs), as RFC 8252 §7 and RFC 9700 §2.6 allow: `https`, `http` on a
    /// loopback host only, or an app's private-use scheme named after a domain it controls
    /// (`com.example.app:/cb`). So never `javascript:`, `data:` or `file:`, nor cleartext
    /// across a network.
    /// An absolute `https` URL (or `http` on a loopback host) a browser or an app opens.
    package static func webURL(_ value: String, field: String) throws -> String {
        let value = try absoluteURL(value, field: field)
        guard let components = URLComponents(string: value), let scheme = components.scheme?.lowercased(),
              scheme == "https" || (scheme == "http" && isLoopback(components.host ?? ""))
        else { throw ServerError.invalidRequest("'\(field)' must be an https URL (http only on a loopback host)") }
        return value
    }

    package static func redirectTarget(_ value: String?, field: String) throws -> String {
        let value = try absoluteURL(value, field: field)
        guard let components = URLComponents(string: value), let scheme = components.scheme?.lowercased() else {
            throw ServerError.invalidRequest("'\(field)' must be an absolute URL without a fragment")
        }
        let allowed = switch scheme {
        case "https": true
        case "http": isLoopback(components.host ?? "")
        default: scheme.contains(".")
        }
        guard allowed else {
            throw ServerError.invalidRequest(
                "'\(field)' must use https, http on a loopback host, or a reverse-domain app scheme (com.example.app:/cb)")
        }
        return value
    }

    private static func isLoopback(_ host: String) -> Bool {
        let host = host.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        if host == "localhost" || host == "::1" { return true }
        let octets = host.split(separator: ".", omittingEmptySubsequences: false)
        return octets.count == 4 && octets[0] == "127" && octets.allSatisfy { UInt8($0) != nil }
    }

    /// An email address safe for mail headers and `sendmail`'s arguments (``MailAddress``).
    package static func email(_ value: String?) throws -> String? {
        guard let value else { return nil }
        guard MailAddress.isPlain(value) else {
            throw ServerError.invalidRequest("'email' must be one plain address (local@domain), without spaces or ,;%!()\"<>[]\\:")
        }
        return value
    }

    /// The value of `Value` spelled `value`, one of `allowed`; `fallback` when `value` is absent.
    package static func oneOf<Value: RawRepresentable & CaseIterable & Equatable>(
        _ value: String?, default fallback: Value? = nil, allowed: [Value] = Array(Value.allCases), field: String
    ) throws -> Value where Value.RawValue == String {
        if value == nil, let fallback { return fallback }
        guard let value, let chosen = Value(rawValue: value), allowed.contains(chosen) else {
            throw ServerError.invalidRequest("'\(field)' must be one of: \(allowed.map(\.rawValue).joined(separator: ", "))")
        }
        return chosen
    }
}
