import Foundation

/// `name=value&…` with everything but RFC 3986 unreserved characters percent-encoded (a space
/// as `%20`), so the same text is a correct URL query and a correct
/// `application/x-www-form-urlencoded` body.
enum FormEncoding {
    private static let unreserved = CharacterSet(charactersIn:
        "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~")

    /// The encoded pairs, in order.
    static func encode(_ fields: [(String, String)]) -> String {
        fields.map { "\(escape($0.0))=\(escape($0.1))" }.joined(separator: "&")
    }

    private static func escape(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? text
    }
}
