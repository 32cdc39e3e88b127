import Foundation
import Synchronization

/// A server clock a test can move forward (to expire codes and sessions without waiting).
final class TestClock: Sendable {
    private let offset = Mutex<TimeInterval>(0)

    /// Now, plus every advance so far.
    @Sendable func now() -> Date { Date().addingTimeInterval(offset.withLock { $0 }) }

    /// A clock one second into a minute, so that what a test counts in one-minute windows
    /// (rate limits, collapsed refusals) cannot straddle two, however loaded the machine.
    static func atTheStartOfAMinute() -> TestClock {
        let clock = TestClock()
        clock.advance(by: 61 - clock.now().timeIntervalSince1970.truncatingRemainder(dividingBy: 60))
        return clock
    }

    /// Moves the clock `seconds` ahead.
    func advance(by seconds: TimeInterval) { offset.withLock { $0 += seconds } }
}
