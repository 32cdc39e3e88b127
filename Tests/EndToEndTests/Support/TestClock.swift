import Foundation
import Synchronization

/// A server clock a test can move forward (to expire codes and sessions without waiting).
final class TestClock: Sendable {
    private let offset = Mutex<TimeInterval>(0)

    /// Now, plus every advance so far.
    @Sendable func now() -> Date { Date().addingTimeInterval(offset.withLock { $0 }) }

    /// Moves the clock to one second into the next minute, so that what a test counts in
    /// one-minute windows (rate limits, collapsed refusals) from now on cannot straddle two,
    /// however loaded the machine. Call it right before the counting starts (a server's start
    /// under load can take many seconds).
    func startAMinute() {
        advance(by: 61 - now().timeIntervalSince1970.truncatingRemainder(dividingBy: 60))
    }

    /// Sets the clock to `date` (however much time passed meanwhile on a loaded machine).
    func set(to date: Date) {
        offset.withLock { $0 = date.timeIntervalSince(Date()) }
    }

    /// Moves the clock `seconds` ahead.
    func advance(by seconds: TimeInterval) { offset.withLock { $0 += seconds } }
}
