import IdentityServerCore

/// The `/userinfo` response (OIDC Core §5.3.2); claims beyond `sub` follow the granted scopes.
struct UserInfo: Codable, Equatable {
    let sub: String
    let preferredUsername: String?
    let name: String?
    let email: String?
    /// The names of the identity's groups (scope `groups`).
    let groups: [String]?

    enum CodingKeys: String, CodingKey {
        case sub, name, email, groups
        case preferredUsername = "preferred_username"
    }
}

extension UserInfo: HandWrittenJSON {
    func writeJSON(to object: inout JSONObjectWriter) {
        object.add("email", email)
        object.add("groups", groups)
        object.add("name", name)
        object.add("preferred_username", preferredUsername)
        object.add("sub", sub)
    }
}
