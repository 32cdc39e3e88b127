/// An OAuth 2.0 access token (RFC 6749 §5.1).
public struct AccessToken: Sendable, Hashable, CustomStringConvertible {
    /// The token (`access_token`).
    public var value: String
    /// The token type (`token_type`), `Bearer`.
    public var type: String
    /// The lifetime in seconds (`expires_in`).
    public var expiresIn: Int

    /// Creates an access token.
    public init(value: String, type: String, expiresIn: Int) {
        self.value = value
        self.type = type
        self.expiresIn = expiresIn
    }

    /// The type, lifetime and value.
    public var description: String { "AccessToken(type: \(type), expiresIn: \(expiresIn), value: \(value))" }
}
