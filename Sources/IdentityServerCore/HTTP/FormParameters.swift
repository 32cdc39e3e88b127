import Foundation
package import Hummingbird

/// `application/x-www-form-urlencoded` parameters (a query string or a form body), keeping
/// repeats: RFC 6749 §3.1 forbids a parameter more than once, so callers must be able to tell.
package struct FormParameters: Sendable {
    /// The pairs in the order given: a request has a handful, so a scan beats hashing.
    private var pairs: [(name: String, value: String)] = []

    /// The most parameters one query or form has (OAuth requests have a dozen, the console's
    /// largest form a few dozen); its length is bounded by the request line or body limit.
    package static let maxCount = 1000

    /// Parses `a=b&c=d`; `+` is a space; malformed percent-escapes, or more than ``maxCount``
    /// parameters, make the whole input invalid.
    package init(_ encoded: String?) throws {
        guard let encoded, !encoded.isEmpty else { return }
        pairs.reserveCapacity(8)
        // Bytes, not characters: `&` and `=` are ASCII, and splitting a String by Character costs.
        for pair in encoded.utf8.split(separator: UInt8(ascii: "&")) {
            guard pairs.count < Self.maxCount else {
                throw ServerError.invalidRequest("a query or form has at most \(Self.maxCount) parameters")
            }
            let equals = pair.firstIndex(of: UInt8(ascii: "=")) ?? pair.endIndex
            let value = equals == pair.endIndex ? pair[equals...] : pair[pair.index(after: equals)...]
            guard let name = Self.decode(pair[..<equals]), let value = Self.decode(value) else {
                throw ServerError.invalidRequest("malformed form encoding")
            }
            pairs.append((name, value))
        }
    }

    /// The parameter's single value; `nil` when absent or empty; throws when repeated.
    package func single(_ name: String) throws -> String? {
        guard let first = pairs.firstIndex(where: { $0.name == name }) else { return nil }
        guard !pairs[(first + 1)...].contains(where: { $0.name == name }) else {
            throw ServerError.invalidRequest("parameter '\(name)' appears more than once")
        }
        return pairs[first].value.isEmpty ? nil : pairs[first].value
    }

    /// Every value of the parameter, in order (checkboxes sharing a name).
    package func all(_ name: String) -> [String] {
        pairs.filter { $0.name == name }.map(\.value)
    }

    /// Each parameter's first value (to show a refused form again as it was typed).
    package var firstValues: [String: String] {
        pairs.reversed().reduce(into: [:]) { $0[$1.name] = $1.value }
    }

    /// `+` as a space, `%XY` as the byte XY; `nil` for a malformed escape or bytes that are
    /// not UTF-8 (as `removingPercentEncoding` would, without its cost on every request).
    private static func decode(_ text: Substring.UTF8View) -> String? {
        // Most values (codes, ids, plain redirect URIs' parts) have nothing to decode.
        if !text.contains(where: { $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "%") }) { return String(Substring(text)) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.count)
        var input = text.makeIterator()
        while let byte = input.next() {
            switch byte {
            case UInt8(ascii: "+"):
                bytes.append(UInt8(ascii: " "))
            case UInt8(ascii: "%"):
                guard let high = input.next().flatMap(hexValue), let low = input.next().flatMap(hexValue) else { return nil }
                bytes.append(high << 4 | low)
            default:
                bytes.append(byte)
            }
        }
        return String(validating: bytes, as: UTF8.self)
    }

    private static func hexValue(_ digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}

extension Request {
    /// The query string's parameters.
    package func queryParameters() throws -> FormParameters {
        try FormParameters(uri.query)
    }

    /// A form body's parameters; the body must be `application/x-www-form-urlencoded`.
    package func formParameters(context: ServerRequestContext) async throws -> FormParameters {
        guard headers[.contentType]?.lowercased().hasPrefix("application/x-www-form-urlencoded") == true else {
            throw ServerError.invalidRequest("the body must be application/x-www-form-urlencoded")
        }
        var request = self
        let body = try await request.collectBody(upTo: context.maxUploadSize)
        return try FormParameters(String(buffer: body))
    }
}
