import Foundation

/// A JSON object written member by member, in the order written; members without a value
/// (`nil`) are left out, as `Codable`'s synthesized `encodeIfPresent` leaves them out. Keys are
/// the caller's literals, written as they are; values are escaped (``JSONText``).
struct JSONObjectWriter {
    private var text = "{"

    /// The object's JSON text.
    var json: String { text + "}" }

    mutating func add(_ key: String, _ value: String?) {
        guard let value else { return }
        member(key, JSONText.quoted(value))
    }

    mutating func add(_ key: String, _ value: Int64?) {
        guard let value else { return }
        member(key, String(value))
    }

    /// A NumericDate (RFC 7519 §2): seconds since 1970, whole when the date is.
    mutating func add(_ key: String, seconds date: Date) {
        let seconds = date.timeIntervalSince1970
        member(key, seconds.rounded(.down) == seconds ? String(Int64(seconds)) : String(seconds))
    }

    mutating func add(_ key: String, _ values: [String]?) {
        guard let values else { return }
        member(key, "[" + values.map(JSONText.quoted).joined(separator: ",") + "]")
    }

    /// A nested object, written by `write`.
    mutating func add(_ key: String, object write: (inout JSONObjectWriter) -> Void) {
        var object = JSONObjectWriter()
        write(&object)
        member(key, object.json)
    }

    private mutating func member(_ key: String, _ value: String) {
        if text.count > 1 { text += "," }
        text += "\"" + key + "\":" + value
    }
}
