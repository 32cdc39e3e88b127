/// An OAuth grant type an application may use (RFC 7591 §2, `grant_types`).
///
/// Open (``OpenWireValue``): a newer server may send a value this version does not know.
public struct GrantType: OpenWireValue {
    /// The value as it appears in JSON.
    public let rawValue: String

    /// A value as sent; one this version does not know is kept as it is.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Users sign in: the authorization code grant (RFC 6749 §4.1).
    public static let authorizationCode = Self(rawValue: "authorization_code")
    /// Refresh tokens (RFC 6749 §6).
    public static let refreshToken = Self(rawValue: "refresh_token")
    /// A service on its own behalf (RFC 6749 §4.4); confidential clients only.
    public static let clientCredentials = Self(rawValue: "client_credentials")
}
