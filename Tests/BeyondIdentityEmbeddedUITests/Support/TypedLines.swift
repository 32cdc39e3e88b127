import Foundation
import Synchronization

/// Lines a test types for ``LineInput``'s reading thread: ``read()`` blocks (that thread, not
/// a task) until ``type(_:)`` gives it a line, or `nil` for the end of input.
final class TypedLines: Sendable {
    private let lines = Mutex<[String?]>([])
    private let typed = DispatchSemaphore(value: 0)

    /// Types `line` (`nil`: ends the input).
    func type(_ line: String?) {
        lines.withLock { $0.append(line) }
        typed.signal()
    }

    /// The next line typed, waiting for it.
    func read() -> String? {
        typed.wait()
        return lines.withLock { $0.removeFirst() }
    }
}
