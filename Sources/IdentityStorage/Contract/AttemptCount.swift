public import Foundation

/// One attempt to count against rate limits: the buckets it counts in, in order, and the window
/// it falls in.
public struct AttemptCount: Sendable, Equatable {
    /// Counted in this order, up to the first one over its limit.
    public let buckets: [AttemptBucket]
    /// The start of the window the attempt falls in.
    public let windowStart: Date
    /// When the window's counters may be forgotten.
    public let expiresAt: Date

    /// An attempt counted in `buckets` in the window starting at `windowStart`, kept until
    /// `expiresAt`.
    public init(buckets: [AttemptBucket], windowStart: Date, expiresAt: Date) {
        self.buckets = buckets
        self.windowStart = windowStart
        self.expiresAt = expiresAt
    }
}
