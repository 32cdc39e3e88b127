/// The `/userinfo` response (OIDC Core §5.3.2); claims beyond `sub` follow the granted scopes.
struct UserInfo: Codable, Equatable {
    let sub: String
    let preferredUsername: String?
    let name: String?
    let email: String?

    enum CodingKeys: String, CodingKey {
        case sub, name, email
        case preferredUsername = "preferred_username"
    }
}
