import Foundation

/// An issued access token with what decides whether it still works, read together: its
/// session's standing and the identity it names.
public struct IssuedTokenStanding: Sendable, Equatable {
    public var token: IssuedTokenRecord
    /// Whether the token's session still stands (not ended, the credential that signed in and
    /// its user both active); `nil` for a token without a session.
    public var sessionStands: Bool?
    /// The identity the token's subject names, if there is one.
    public var subject: IdentityRecord?

    /// Creates a standing.
    public init(token: IssuedTokenRecord, sessionStands: Bool?, subject: IdentityRecord?) {
        self.token = token
        self.sessionStands = sessionStands
        self.subject = subject
    }
}
