import Foundation
import IdentityProtocol
import HTTPTypes
package import Hummingbird

/// Refuses a form posted from another site: its `Origin` (or, from browsers that send none,
/// its `Sec-Fetch-Site`) must be the server's own. The console checks its CSRF token as well;
/// this stops a cross-site post before its body is read.
///
/// Under the pages' `Referrer-Policy: no-referrer` a browser posts its forms with
/// `Origin: null` (Fetch, "append a request Origin header"), so `null` is decided by
/// `Sec-Fetch-Site`, which must then be present and `same-origin` (an opaque origin such as a
/// sandboxed frame on another site says `cross-site`).
package struct SameOriginCheck: Sendable {
    package let baseURL: PublicBaseURL

    package init(baseURL: PublicBaseURL) {
        self.baseURL = baseURL
    }

    /// `403 forbidden` unless the request comes from the server's origin.
    package func check(_ request: Request) throws {
        let site = request.headers[HTTPField.Name("Sec-Fetch-Site")!]
        switch request.headers[HTTPField.Name("Origin")!] {
        case "null":
            guard site == "same-origin" else { throw Self.refusal }
        case let origin?:
            guard origin.lowercased() == expectedOrigin else { throw Self.refusal }
        case nil:
            guard site == nil || site == "same-origin" || site == "none" else { throw Self.refusal }
        }
    }

    /// `scheme://host[:port]` of the public base URL.
    private var expectedOrigin: String {
        guard let components = URLComponents(string: baseURL.value), let scheme = components.scheme, let host = components.host else {
            return baseURL.value.lowercased()
        }
        // A browser leaves out the scheme's default port (RFC 6454 §6.1).
        let port = components.port == ["http": 80, "https": 443][scheme.lowercased()] ? nil : components.port
        return "\(scheme)://\(host)\(port.map { ":\($0)" } ?? "")".lowercased()
    }

    package static let refusal = ServerError(
        APIErrorCode.forbidden, "the form was sent from another site or an old page; reload the page and try again")
}
