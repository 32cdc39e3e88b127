import Foundation

/// The state of each asked-for credential: `active` or `revoked`, or
/// `suspended` or `deleted` for an identity in that status, or `unknown` (see ``ServerCredentialState``).
public struct CredentialStatusResponse: Codable, Sendable, Equatable {
    public var states: [String: ServerCredentialState]

    /// Creates a response.
    public init(states: [String: ServerCredentialState]) { self.states = states }
}
