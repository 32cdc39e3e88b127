import Foundation

/// What decides whether a credential may be used: its own state and its identity's status.
public struct CredentialStanding: Sendable, Equatable {
    /// The credential's state.
    public var credentialState: CredentialRecord.State
    /// Its identity's status.
    public var identityStatus: IdentityRecord.Status

    /// Creates a standing.
    public init(credentialState: CredentialRecord.State, identityStatus: IdentityRecord.Status) {
        self.credentialState = credentialState
        self.identityStatus = identityStatus
    }
}
