import IdentityStorage
import IdentityServerCore

/// The `groups` claim (scope `groups`): the names of the realm's groups the identity belongs to,
/// as ID tokens, userinfo and introspection release it, read when released (so a group deleted
/// or a membership ended is gone from the next answer); left out when the scope was not granted
/// or the identity belongs to none (OIDC Core §5.3.2 leaves out a claim without a value). At
/// most ``maxGroups`` names and ``maxBytes`` of them, the first by name, so a token stays well
/// within what the server itself reads back (an ID token as a logout hint: 16 KiB) whatever a
/// directory does.
package enum GroupsClaim {
    package static let name = "groups"
    /// The most groups the claim names (Entra ID's own tokens carry at most 200 too).
    package static let maxGroups = 200
    /// The most bytes of names the claim carries.
    package static let maxBytes = 8 * 1024

    /// The claim's value for `identityID` under the granted `scope` (space separated).
    package static func value(of identityID: String, scope: String?, store: any ProviderStore) async throws -> [String]? {
        guard Scopes.parse(scope).contains(Scopes.groups) else { return nil }
        var bytes = 0
        let names = try await store.groups(ofIdentity: identityID, limit: maxGroups).map(\.displayName).prefix { name in
            bytes += name.utf8.count
            return bytes <= maxBytes
        }
        return names.isEmpty ? nil : Array(names)
    }
}
