import Foundation

/// `name=value&…` with everything but RFC 3986 unreserved characters percent-encoded (a space
/// as `%20`), so the same text is a correct URL query and a correct
/// `application/x-www-form-urlencoded` body.
public enum FormEncoding {
    private static let unreserved = CharacterSet(charactersIn:
        "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~")

    /// The encoded pairs, in order.
    public static func encode(_ fields: [(String, String)]) -> String {
        fields.map { "\(escape($0.0))=\(escape($0.1))" }.joined(separator: "&")
    }

    /// The encoded pairs of `form`, sorted by name.
    public static func encode(_ form: [String: String]) -> String {
        encode(form.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })
    }

    private static func escape(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? text
    }
}
