/// How an application authenticates at the token endpoint (RFC 7591 §2, `token_endpoint_auth_method`).
///
/// Open: a newer server may send a value this version does not know, which decodes as itself rather than failing.
public struct TokenEndpointAuthMethod: RawRepresentable, Codable, Hashable, Sendable, CustomStringConvertible {
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

    public var description: String { rawValue }

    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
