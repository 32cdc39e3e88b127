package import IdentityStorage
import IdentityServerCore

/// Scope values (RFC 6749 §3.3) the provider itself gives meaning to.
package enum Scopes {
    package static let openID = "openid"
    package static let profile = "profile"
    package static let email = "email"
    /// Releases the `groups` claim: the names of the identity's groups (``GroupsClaim``).
    package static let groups = "groups"
    /// Asks for a refresh token (OIDC Core §11); granted only where the refresh grant is allowed.
    package static let offlineAccess = "offline_access"
    /// About a signed-in user: meaningless for a client acting for itself.
    package static let user: Set<String> = [openID, profile, email, groups, offlineAccess]
    /// What a new application may ask for unless told otherwise.
    package static let defaults = [openID, profile, email, groups, offlineAccess]

    /// The values of a space-separated scope string, without repeats, in order: split at the
    /// space's byte (never part of another character's UTF-8), cheaper than by `Character`, and
    /// repeats found by hash, so a request's cost grows with its number of values, not its square.
    package static func parse(_ scope: String?) -> [String] {
        var values: [String] = []
        var seen: Set<String> = []
        for part in (scope ?? "").utf8.split(separator: UInt8(ascii: " ")) {
            let value = String(Substring(part))
            if seen.insert(value).inserted { values.append(value) }
        }
        return values
    }

    /// The requested values the application may be granted, in order.
    package static func grantable(_ requested: [String], for application: ApplicationRecord) -> [String] {
        requested.filter { scope in
            application.allowedScopes.contains(scope)
                && (scope != offlineAccess || application.grantTypes.contains(.refreshToken))
        }
    }
}
