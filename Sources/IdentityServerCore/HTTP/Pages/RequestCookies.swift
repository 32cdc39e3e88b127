import Foundation
package import Hummingbird

/// Reads cookies from a request.
package enum RequestCookies {
    /// The value of the cookie `name`; `nil` when absent, empty or sent twice (a cookie planted
    /// from a sibling domain must not shadow ours).
    package static func value(named name: String, in request: Request) -> String? {
        let values = request.headers[values: .cookie].flatMap { $0.split(separator: ";") }.compactMap { pair -> String? in
            let parts = pair.split(separator: "=", maxSplits: 1)
            guard parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces) == name else { return nil }
            return parts[1].trimmingCharacters(in: .whitespaces)
        }
        return values.count == 1 && !values[0].isEmpty ? values[0] : nil
    }
}
