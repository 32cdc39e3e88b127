package import Foundation
import Synchronization

/// The clock of every server and service a test builds: one a test can move forward (to expire
/// codes and sessions without waiting), stopped where counting must not depend on how long the
/// machine takes. A running server's starts at real time (its tokens go to libraries and browsers
/// that check them against theirs); a service fixture's stands still from the start.
package final class TestClock: Sendable {
    /// Running: real time plus every advance so far; stopped: a fixed time.
    private enum Reading {
        case running(offset: TimeInterval)
        case stopped(at: Date)
    }

    private let reading: Mutex<Reading>

    /// A clock at real time, moving with it.
    package init() { reading = Mutex(.running(offset: 0)) }

    /// A clock standing still at `date` until a test moves it.
    package init(standingStillAt date: Date) { reading = Mutex(.stopped(at: date)) }

    /// Now, plus every advance so far (or the time the clock stopped at).
    @Sendable package func now() -> Date { reading.withLock { Self.time($0) } }

    private static func time(_ reading: Reading) -> Date {
        switch reading {
        case .running(let offset): Date().addingTimeInterval(offset)
        case .stopped(let date): date
        }
    }

    /// Moves the clock to one second into the next minute and stops it there, so that what a
    /// test counts in one-minute windows (rate limits, collapsed refusals) from now on falls in
    /// one, however loaded the machine (a full run on two cores has taken over a minute for 120
    /// requests). Call it right before the counting starts; `advance(by:)` still moves it.
    package func startAMinute() {
        reading.withLock {
            let now = Self.time($0)
            $0 = .stopped(at: now.addingTimeInterval(61 - now.timeIntervalSince1970.truncatingRemainder(dividingBy: 60)))
        }
    }

    /// Sets the clock to `date` (however much time passed meanwhile on a loaded machine).
    package func set(to date: Date) {
        reading.withLock {
            switch $0 {
            case .running: $0 = .running(offset: date.timeIntervalSince(Date()))
            case .stopped: $0 = .stopped(at: date)
            }
        }
    }

    /// Moves the clock `seconds` ahead.
    package func advance(by seconds: TimeInterval) {
        reading.withLock {
            switch $0 {
            case .running(let offset): $0 = .running(offset: offset + seconds)
            case .stopped(let date): $0 = .stopped(at: date.addingTimeInterval(seconds))
            }
        }
    }
}
