import Foundation

/// The state of each asked-for credential: ``CredentialStateWire`` values, plus
/// `suspended` and `deleted` for an identity in that status, and `unknown`.
public struct CredentialStatusResponse: Codable, Sendable, Equatable {
    public var states: [String: String]

    /// Creates a response.
    public init(states: [String: String]) { self.states = states }
}
