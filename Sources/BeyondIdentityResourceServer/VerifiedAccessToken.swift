public import Foundation

/// An access token that passed every check of ``AccessTokenVerifier``: what a protected route
/// may rely on.
public struct VerifiedAccessToken: Sendable, Equatable {
    /// The user the token stands for (`sub`), or the client itself for a client-credentials token.
    public let subject: String
    /// The client the token was issued to (`client_id`).
    public let clientID: String
    /// The granted scopes.
    public let scopes: Set<String>
    /// When the token expires.
    public let expiresAt: Date
    /// The token's id (`jti`).
    public let id: String
    /// The thumbprint of the key the token is bound to (`cnf.jkt`), whose proof came with the
    /// request; `nil` for a bearer token.
    public let keyThumbprint: String?
    /// Whether the token stands for its client itself (client credentials, RFC 6749 §4.4), so
    /// ``subject`` is a client id, not a user.
    public let isClientToken: Bool

    /// A verified token.
    public init(
        subject: String, clientID: String, scopes: Set<String>, expiresAt: Date, id: String, keyThumbprint: String?,
        isClientToken: Bool = false
    ) {
        self.subject = subject
        self.clientID = clientID
        self.scopes = scopes
        self.expiresAt = expiresAt
        self.id = id
        self.keyThumbprint = keyThumbprint
        self.isClientToken = isClientToken
    }

    /// Whether the token was granted `scope`.
    public func has(scope: String) -> Bool { scopes.contains(scope) }
}
