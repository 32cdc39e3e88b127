/// How an application authenticates at the token endpoint (RFC 7591 §2, `token_endpoint_auth_method`).
///
/// Open (``OpenWireValue``): a newer server may send a value this version does not know.
public struct TokenEndpointAuthMethod: OpenWireValue {
    /// The value as it appears in JSON.
    public let rawValue: String

    /// A value as sent; one this version does not know is kept as it is.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The client secret in HTTP Basic authentication.
    public static let clientSecretBasic = Self(rawValue: "client_secret_basic")
    /// The client secret in the form body.
    public static let clientSecretPost = Self(rawValue: "client_secret_post")
    /// No client authentication: a public client (PKCE).
    public static let none = Self(rawValue: "none")
}
