/// An OAuth 2.0 authorization code (RFC 6749 §4.1.2), for a backend to exchange.
public struct AuthorizationCode: Sendable, Hashable, CustomStringConvertible {
    /// The code.
    public var value: String

    /// Wraps a code.
    public init(value: String) { self.value = value }

    /// The code.
    public var description: String { value }
}
