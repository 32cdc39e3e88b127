/// The outcome of ``IdentityStore/rotateRefreshToken(hash:now:issuing:)``.
public enum RefreshRotation: Sendable, Equatable {
    /// The token was current; it is now used and its successor recorded.
    case rotated
    /// The token had been rotated before: a replay. Nothing was written.
    case alreadyUsed(SessionRecord)
    /// No such token, or its session has ended. Nothing was written.
    case notFound
}
