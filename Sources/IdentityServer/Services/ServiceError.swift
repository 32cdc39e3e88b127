import IdentityProtocol

/// An error a service answers with: a machine code (``APIErrorCode`` or ``OAuthErrorCode``),
/// a description safe to show a developer, and the kind of failure. The HTTP layer turns it
/// into a status and `{"error", "error_description"}`.
public struct ServiceError: Error, Equatable, CustomStringConvertible {
    /// The class of failure, which decides the HTTP status.
    public enum Kind: Sendable, Equatable {
        case badRequest, unauthorized, forbidden, notFound, conflict, payloadTooLarge
        /// RFC 6749 §5.2 `invalid_client`: 401, with a `WWW-Authenticate` challenge.
        case invalidClient(challenge: String?)
        /// RFC 6750 §3.1 `invalid_token`: 401, with a `WWW-Authenticate` challenge.
        case invalidToken
        /// `429`, with `Retry-After` seconds.
        case tooManyRequests(retryAfter: Int)
    }

    public let kind: Kind
    /// The `error` code.
    public let code: String
    /// The `error_description`.
    public let description: String

    init(_ kind: Kind, _ code: String, _ description: String) {
        self.kind = kind
        self.code = code
        self.description = description
    }

    static func invalidRequest(_ description: String) -> Self {
        Self(.badRequest, APIErrorCode.invalidRequest, description)
    }

    static func notFound(_ description: String) -> Self {
        Self(.notFound, APIErrorCode.notFound, description)
    }
}
