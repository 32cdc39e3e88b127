/// Rate limits' counting windows. A part of ``IdentityStore``, whose rules every requirement follows.
public protocol AttemptStore: Sendable {
    /// Counts `attempt` in each of its buckets, in order and in one call, stopping at the
    /// first bucket whose count, this attempt included, exceeds its limit: that bucket, or `nil`
    /// when every limit held. A bucket after a refusal is not counted.
    func recordAttempt(_ attempt: AttemptCount) async throws -> AttemptBucket?
}
