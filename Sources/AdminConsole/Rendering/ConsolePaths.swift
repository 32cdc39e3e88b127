import Foundation
package import Hummingbird
import IdentityServerCore
package import Administration

/// The console's URLs, under its root (`/console`, or under the public base URL's path).
package struct ConsolePaths: Sendable {
    /// The console's path.
    package let root: String

    /// `303 See Other` to a console path (after a form post, so that reloading and the back
    /// button never post again).
    package func redirect(_ path: String) -> Response {
        Response(status: .seeOther, headers: [.location: root + path, .cacheControl: "no-store"])
    }

    /// To the sign-in page, saying why the session ended, and where to go once signed in.
    package func signIn(ended: ConsoleSessionEnd, next: String? = nil) -> Response {
        let query = [ended == .none ? nil : "ended=\(ended.rawValue)", next.flatMap(Self.followable).map { "next=\(Self.query($0))" }]
            .compactMap { $0 }.joined(separator: "&")
        return redirect(query.isEmpty ? "/sign-in" : "/sign-in?" + query)
    }

    /// `path` (a console path, with its query) if signing in may go on to it: a path under
    /// the console, of URL characters only, not the sign-in page itself; `nil` otherwise.
    package static func followable(_ path: String) -> String? {
        guard path.utf8.count <= 2048, path.hasPrefix("/"), !path.hasPrefix("//"), !path.hasPrefix("/sign-"),
              path.unicodeScalars.allSatisfy({ $0.isASCII && $0.value > 0x20 && $0 != "\\" && $0.value != 0x7F })
        else { return nil }
        return path
    }

    /// The console path (with its query) of `request`, for the sign-in to go back to.
    package func path(of request: Request) -> String? {
        let path = request.uri.path
        guard path.hasPrefix(root) else { return nil }
        let query = request.uri.query.map { "?" + $0 } ?? ""
        return Self.followable(String(path.dropFirst(root.count)) + query)
    }

    /// A console path as a link (`/console/tenants`).
    package func href(_ path: String) -> String {
        root + path
    }

    /// `/tenants/{tenant}`.
    package static func tenant(_ tenantID: String) -> String {
        "/tenants/\(segment(tenantID))"
    }

    /// `/tenants/{tenant}/realms/{realm}`.
    package static func realm(_ tenantID: String, _ realmID: String) -> String {
        "\(tenant(tenantID))/realms/\(segment(realmID))"
    }

    /// `/tenants/{tenant}/realms/{realm}`.
    package static func realm(_ path: RealmPath) -> String {
        realm(path.tenantID, path.realmID)
    }

    /// `/tenants/{tenant}/realms/{realm}/applications/{application}`.
    package static func application(_ tenantID: String, _ realmID: String, _ applicationID: String) -> String {
        "\(realm(tenantID, realmID))/applications/\(segment(applicationID))"
    }

    /// `/tenants/{tenant}/realms/{realm}/identities/{identity}`.
    package static func identity(_ path: IdentityPath) -> String {
        "\(realm(path.realm))/identities/\(segment(path.identityID))"
    }

    /// `path` with `?notice=`.
    package static func noticed(_ path: String, _ notice: ConsoleNotice) -> String {
        "\(path)?notice=\(notice.rawValue)"
    }

    /// A path segment, percent-encoded.
    package static func segment(_ value: String) -> String {
        value.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(CharacterSet(charactersIn: "/?#"))) ?? ""
    }

    /// A query value, percent-encoded.
    package static func query(_ value: String) -> String {
        value.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(CharacterSet(charactersIn: "-._~"))) ?? ""
    }
}
