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

    /// To the sign-in page, saying why the session ended.
    package func signIn(ended: ConsoleSessionEnd) -> Response {
        redirect(ended == .none ? "/sign-in" : "/sign-in?ended=\(ended.rawValue)")
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
