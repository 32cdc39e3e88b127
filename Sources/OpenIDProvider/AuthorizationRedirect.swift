import Foundation
import IdentityProtocol
import IdentityServerCore

/// Builds redirects to a client: its registered URI with parameters appended to the query
/// (RFC 6749 §4.1.2: existing query components are kept).
package enum AuthorizationRedirect {
    /// `base` with the non-`nil` parameters appended, form-encoded (every byte but the
    /// unreserved ones escaped, so `+` can never be read as a space). Registered URIs carry no
    /// fragment (RFC 6749 §3.1.2; checked when they are registered); should one, the query goes
    /// before it.
    package static func url(_ base: String, parameters: [(String, String?)]) throws -> String {
        let added = parameters.compactMap { name, value in value.map { (name, $0) } }
        guard !added.isEmpty else { return base }
        let fragmentStart = base.firstIndex(of: "#") ?? base.endIndex
        let beforeFragment = base[..<fragmentStart]
        guard !beforeFragment.isEmpty else { throw ServerError.invalidRequest("the redirect URI is malformed") }
        let separator = !beforeFragment.utf8.contains(UInt8(ascii: "?")) ? "?" : (beforeFragment.hasSuffix("?") || beforeFragment.hasSuffix("&") ? "" : "&")
        return beforeFragment + separator + FormEncoding.encode(added) + base[fragmentStart...]
    }

    /// An error response to the client (RFC 6749 §4.1.2.1, with RFC 9207's `iss`).
    package static func error(
        _ code: String, _ description: String, to redirectURI: String, state: String?, issuer: String
    ) throws -> String {
        try url(redirectURI, parameters: [("error", code), ("error_description", description), ("state", state), ("iss", issuer)])
    }
}
