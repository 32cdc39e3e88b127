import IdentityStorage

/// The `groups` claim (scope `groups`): the names of the realm's groups the identity belongs to,
/// as ID tokens, userinfo and introspection release it, read when released (so a group deleted
/// or a membership ended is gone from the next answer); left out when the scope was not granted
/// or the identity belongs to none (OIDC Core §5.3.2 leaves out a claim without a value).
enum GroupsClaim {
    static let name = "groups"

    /// The claim's value for `identityID` under the granted `scope` (space separated).
    static func value(of identityID: String, scope: String?, store: any IdentityStore) async throws -> [String]? {
        guard Scopes.parse(scope).contains(Scopes.groups) else { return nil }
        let names = try await store.groups(ofIdentity: identityID).map(\.displayName)
        return names.isEmpty ? nil : names
    }
}
