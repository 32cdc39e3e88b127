/// The endpoints of a realm's OpenID provider, relative to its issuer
/// (`{base}/v1/tenants/{tenant}/realms/{realm}`).
public enum ProviderPath {
    /// OpenID Provider metadata (OpenID Connect Discovery 1.0 §4).
    public static let discovery = "/.well-known/openid-configuration"
    /// The realm's signing keys (RFC 7517).
    public static let jwks = "/jwks"
    /// The authorization endpoint (RFC 6749 §3.1).
    public static let authorize = "/authorize"
    /// The token endpoint (RFC 6749 §3.2).
    public static let token = "/token"
    /// The UserInfo endpoint (OpenID Connect Core §5.3).
    public static let userinfo = "/userinfo"
    /// Token revocation (RFC 7009 §2).
    public static let revocation = "/revoke"
    /// Token introspection (RFC 7662 §2).
    public static let introspection = "/introspect"
    /// RP-initiated logout (OpenID Connect RP-Initiated Logout 1.0 §2).
    public static let endSession = "/logout"
}
