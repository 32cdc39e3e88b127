/// The outcome of ``IdentityStore/useDPoPProof(keyThumbprint:jti:expiresAt:counting:)``.
public enum DPoPProofUse: Sendable, Equatable {
    /// The proof was new; it is now spent.
    case accepted
    /// The proof was spent before (a replay, RFC 9449 §11.1).
    case replayed
    /// The attempt went over this bucket's limit; the proof was not spent.
    case limited(AttemptBucket)
}
