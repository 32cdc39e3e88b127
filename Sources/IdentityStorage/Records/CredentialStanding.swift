import Foundation

/// What decides whether a credential may be used: its own state and its identity's status.
public struct CredentialStanding: Sendable, Equatable {
    /// `active` or `revoked`.
    public var credentialState: String
    /// `active`, `suspended` or `deleted`.
    public var identityStatus: String

    /// Creates a standing.
    public init(credentialState: String, identityStatus: String) {
        self.credentialState = credentialState
        self.identityStatus = identityStatus
    }
}
