package import Foundation

/// A JSON object written member by member, in the order written; members without a value
/// (`nil`) are left out, as `Codable`'s synthesized `encodeIfPresent` leaves them out. Keys are
/// the caller's literals, written as they are; values are escaped (``JSONText``).
package struct JSONObjectWriter {
    private var text = "{"
    private var isEmpty = true

    /// An empty object.
    package init() {}

    /// The object's JSON text.
    package var json: String { text + "}" }

    package mutating func add(_ key: String, _ value: String?) {
        guard let value else { return }
        member(key, JSONText.quoted(value))
    }

    package mutating func add(_ key: String, _ value: Int64?) {
        guard let value else { return }
        member(key, String(value))
    }

    /// A NumericDate (RFC 7519 §2): seconds since 1970, whole when the date is.
    package mutating func add(_ key: String, seconds date: Date) {
        let seconds = date.timeIntervalSince1970
        member(key, seconds.rounded(.down) == seconds ? String(Int64(seconds)) : String(seconds))
    }

    /// A date as `JSONEncoder`'s `.iso8601` strategy writes it: UTC, whole seconds
    /// (`2026-11-25T22:08:34Z`).
    package mutating func add(_ key: String, iso8601 date: Date) {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var utc = tm()
        gmtime_r(&seconds, &utc)
        func two(_ value: Int32) -> String { value < 10 ? "0" + String(value) : String(value) }
        let day = String(utc.tm_year + 1900) + "-" + two(utc.tm_mon + 1) + "-" + two(utc.tm_mday)
        member(key, "\"" + day + "T" + two(utc.tm_hour) + ":" + two(utc.tm_min) + ":" + two(utc.tm_sec) + "Z\"")
    }

    package mutating func add(_ key: String, _ values: [String]?) {
        guard let values else { return }
        member(key, "[" + values.map(JSONText.quoted).joined(separator: ",") + "]")
    }

    /// A nested object, written by `write`.
    package mutating func add(_ key: String, object write: (inout JSONObjectWriter) -> Void) {
        var object = JSONObjectWriter()
        write(&object)
        member(key, object.json)
    }

    /// A member whose key is data rather than a literal: escaped as a value is.
    package mutating func add(escapingKey key: String, _ value: String) {
        separate()
        text += JSONText.quoted(key) + ":" + JSONText.quoted(value)
    }

    private mutating func member(_ key: String, _ value: String) {
        separate()
        text += "\"" + key + "\":" + value
    }

    private mutating func separate() {
        if isEmpty {
            isEmpty = false
        } else {
            text += ","
        }
    }
}
