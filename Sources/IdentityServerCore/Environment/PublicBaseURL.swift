import Foundation
import Synchronization

/// The public base URL, known once the server is bound when it was not configured.
package final class PublicBaseURL: Sendable {
    private let url: Mutex<String>

    package init(_ url: String) {
        self.url = Mutex(Self.trimmed(url))
    }

    /// `scheme://host[:port][/path]` without a trailing slash.
    package var value: String { url.withLock { $0 } }

    /// Its host, in lower case.
    package var host: String { URLComponents(string: value)?.host?.lowercased() ?? "" }

    /// Its origin as browsers serialize it (RFC 6454 §6.2): lower case, no default port.
    package var origin: String {
        let base = URLComponents(string: value)
        let scheme = base?.scheme?.lowercased() ?? "https"
        let port = base?.port.flatMap { (scheme, $0) == ("http", 80) || (scheme, $0) == ("https", 443) ? nil : $0 }
        return "\(scheme)://\(host)\(port.map { ":\($0)" } ?? "")"
    }

    /// The issuer of a realm's OpenID provider.
    package func issuer(tenantID: String, realmID: String) -> String {
        "\(value)/v1/tenants/\(tenantID)/realms/\(realmID)"
    }

    /// The path of a configured base URL (`/idp` for `https://id.example/idp/`), under which the
    /// routes are served; empty for none.
    package static func pathPrefix(of url: String?) -> String {
        guard let path = url.flatMap(URLComponents.init(string:))?.path else { return "" }
        return trimmed(path)
    }

    package func set(_ newValue: String) {
        url.withLock { $0 = Self.trimmed(newValue) }
    }

    private static func trimmed(_ url: String) -> String {
        url.hasSuffix("/") ? String(url.dropLast()) : url
    }
}
