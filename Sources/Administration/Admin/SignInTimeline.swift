package import Foundation
package import IdentityStorage
import IdentityServerCore

/// Sign-ins counted in consecutive periods of equal length, the last of them holding the
/// moment it was made: how many succeeded and how many were refused in each, and why they
/// were refused over all of them. Periods are aligned to multiples of their length since the
/// UNIX epoch (UTC hours; six-hour periods start at 00, 06, 12 and 18 UTC).
package struct SignInTimeline: Sendable, Equatable {
    /// How often a sign-in was refused for one reason.
    package struct Reason: Sendable, Equatable {
        /// The refusal's `reason` detail (`invalid_signature`); `unspecified` for a refusal without one.
        package let reason: String
        package let count: Int
    }

    /// The start of the first period.
    package let start: Date
    /// Each period's length in seconds: a whole number of hours.
    package let period: TimeInterval
    /// Successful sign-ins per period, oldest first.
    package let succeeded: [Int]
    /// Refused sign-ins per period, oldest first.
    package let refused: [Int]
    /// Refusals by reason over the whole timeline, most frequent first, then by reason.
    package let reasons: [Reason]

    /// The start of the first of `count` periods of `period` seconds whose last holds `now`.
    package static func start(count: Int, period: TimeInterval, now: Date) -> Date {
        let current = (now.timeIntervalSince1970 / period).rounded(.down) * period
        return Date(timeIntervalSince1970: current - Double(count - 1) * period)
    }

    /// Counts hourly `buckets` into `count` periods of `period` seconds from `start`; buckets
    /// outside them are left out.
    package init(_ buckets: [SignInActivityBucket], start: Date, period: TimeInterval, count: Int) {
        var succeeded = Array(repeating: 0, count: count)
        var refused = Array(repeating: 0, count: count)
        var reasons: [String: Int] = [:]
        for bucket in buckets {
            let index = Int((bucket.hour.timeIntervalSince(start) / period).rounded(.down))
            guard (0..<count).contains(index) else { continue }
            switch bucket.outcome {
            case .succeeded:
                succeeded[index] += bucket.count
            case .refused:
                refused[index] += bucket.count
                reasons[bucket.reason ?? "unspecified", default: 0] += bucket.count
            }
        }
        self.start = start
        self.period = period
        self.succeeded = succeeded
        self.refused = refused
        self.reasons = reasons.map { Reason(reason: $0.key, count: $0.value) }
            .sorted { ($1.count, $0.reason) < ($0.count, $1.reason) }
    }

    /// Successful sign-ins over the whole timeline.
    package var totalSucceeded: Int { succeeded.reduce(0, +) }
    /// Refused sign-ins over the whole timeline.
    package var totalRefused: Int { refused.reduce(0, +) }
}
