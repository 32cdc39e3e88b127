import Foundation
import IdentityStorage
import Testing

@testable import IdentityServerCore
@testable import Administration

/// Hourly sign-in counts binned into the dashboard's periods.
@Suite struct SignInTimelineTests {
    /// 2026-11-25 00:00 UTC.
    private static let midnight = Date(timeIntervalSince1970: 1_795_564_800)

    @Test func periodsAreAlignedInUTCAndTheLastHoldsNow() {
        let now = Self.midnight.addingTimeInterval(13 * 3600 + 25 * 60)
        #expect(SignInTimeline.start(count: 24, period: 3600, now: now) == Self.midnight.addingTimeInterval(-10 * 3600))
        #expect(SignInTimeline.start(count: 28, period: 6 * 3600, now: now) == Self.midnight.addingTimeInterval((12 - 27 * 6) * 3600))
    }

    @Test func bucketsAreCountedInTheirPeriodAndRefusalsByReason() {
        let start = Self.midnight
        func at(_ hours: Double) -> Date { start.addingTimeInterval(hours * 3600) }
        let buckets = [
            SignInActivityBucket(hour: at(-1), outcome: .succeeded, reason: nil, count: 50),
            SignInActivityBucket(hour: at(0), outcome: .succeeded, reason: nil, count: 2),
            SignInActivityBucket(hour: at(5), outcome: .succeeded, reason: nil, count: 3),
            SignInActivityBucket(hour: at(5), outcome: .refused, reason: "invalid_signature", count: 1),
            SignInActivityBucket(hour: at(6), outcome: .refused, reason: "invalid_transaction", count: 4),
            SignInActivityBucket(hour: at(7), outcome: .refused, reason: "invalid_signature", count: 3),
            SignInActivityBucket(hour: at(11), outcome: .refused, reason: nil, count: 4),
            SignInActivityBucket(hour: at(12), outcome: .succeeded, reason: nil, count: 99),
        ]
        let timeline = SignInTimeline(buckets, start: start, period: 6 * 3600, count: 2)
        #expect(timeline.succeeded == [5, 0])
        #expect(timeline.refused == [1, 11])
        #expect(timeline.totalSucceeded == 5 && timeline.totalRefused == 12)
        #expect(timeline.reasons == [
            SignInTimeline.Reason(reason: "invalid_signature", count: 4), SignInTimeline.Reason(reason: "invalid_transaction", count: 4),
            SignInTimeline.Reason(reason: "unspecified", count: 4),
        ])
    }
}
