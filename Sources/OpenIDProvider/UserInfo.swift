package import IdentityServerCore

/// The `/userinfo` response (OIDC Core §5.3.2); claims beyond `sub` follow the granted scopes.
package struct UserInfo: Codable, Equatable {
    package let sub: String
    package let preferredUsername: String?
    package let name: String?
    package let email: String?
    /// The names of the identity's groups (scope `groups`).
    package let groups: [String]?

    package enum CodingKeys: String, CodingKey {
        case sub, name, email, groups
        case preferredUsername = "preferred_username"
    }
}

extension UserInfo: HandWrittenJSON {
    package func writeJSON(to object: inout JSONObjectWriter) {
        object.add("email", email)
        object.add("groups", groups)
        object.add("name", name)
        object.add("preferred_username", preferredUsername)
        object.add("sub", sub)
    }
}
