/// An OAuth 2.0 access token (RFC 6749 §5.1).
public struct AccessToken: Sendable, Hashable, CustomStringConvertible {
    /// The token (`access_token`).
    public var value: String
    /// The token type (`token_type`), `Bearer`.
    public var type: String
    /// The lifetime in seconds (`expires_in`).
    public var expiresIn: Int
    /// The scopes granted, space separated (`scope`); `nil` when the server left it out, which
    /// means the scopes requested.
    public var scope: String?

    /// Creates an access token.
    public init(value: String, type: String, expiresIn: Int, scope: String? = nil) {
        self.value = value
        self.type = type
        self.expiresIn = expiresIn
        self.scope = scope
    }

    /// The type, lifetime, scope and value.
    public var description: String {
        "AccessToken(type: \(type), expiresIn: \(expiresIn), scope: \(scope ?? "as requested"), value: \(value))"
    }
}
