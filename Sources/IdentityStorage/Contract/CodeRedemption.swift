import Foundation

/// The outcome of ``IdentityStore/redeemAuthorizationCode(hash:now:issuing:)``.
public enum CodeRedemption: Sendable, Equatable {
    /// The code was unused; it is now used. The record has `usedAt` set.
    case redeemed(AuthorizationCodeRecord)
    /// The code had been used before: a replay.
    case alreadyUsed(AuthorizationCodeRecord)
    /// No such code.
    case notFound
}
