import Foundation

/// Asks for the challenge of an authentication transaction (the reference the invoke URL carries).
public struct AuthenticationChallengeRequest: Codable, Sendable, Equatable {
    /// The transaction reference from the invoke URL.
    public var transaction: String

    /// Creates a request.
    public init(transaction: String) { self.transaction = transaction }
}

/// Revokes the signing credential on the server.
public typealias RevokeCredentialRequest = SignedCredentialRequest
