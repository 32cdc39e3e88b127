import Foundation
import Synchronization

/// A server clock a test can move forward (to expire codes and sessions without waiting).
final class TestClock: Sendable {
    private let offset = Mutex<TimeInterval>(0)

    /// Now, plus every advance so far.
    @Sendable func now() -> Date { Date().addingTimeInterval(offset.withLock { $0 }) }

    /// Moves the clock `seconds` ahead.
    func advance(by seconds: TimeInterval) { offset.withLock { $0 += seconds } }
}
