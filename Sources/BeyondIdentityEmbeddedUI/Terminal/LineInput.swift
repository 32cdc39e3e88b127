import Foundation
import Synchronization

/// Lines typed on standard input, read on a thread of their own so that waiting for one can be
/// cancelled (when the flow replaces the screen) without losing a line typed later.
final class LineInput: Sendable {
    private struct State {
        var lines: [String] = []
        var ended = false
        var reading = false
        var waiter: CheckedContinuation<String?, Never>?
    }

    private let state = Mutex(State())
    private let read: @Sendable () -> String?

    /// Input from `read` (by default standard input, a line at a time).
    init(read: @escaping @Sendable () -> String? = { readLine(strippingNewline: true) }) {
        self.read = read
    }

    /// The next line; `nil` at the end of input or when the waiting task is cancelled.
    func next() async -> String? {
        startReading()
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                state.withLock { state in
                    if !state.lines.isEmpty {
                        continuation.resume(returning: state.lines.removeFirst())
                    } else if state.ended || Task.isCancelled {
                        continuation.resume(returning: nil)
                    } else {
                        state.waiter = continuation
                    }
                }
            }
        } onCancel: {
            state.withLock { state in
                state.waiter?.resume(returning: nil)
                state.waiter = nil
            }
        }
    }

    private func startReading() {
        let start = state.withLock { state in
            defer { state.reading = true }
            return !state.reading
        }
        guard start else { return }
        Thread { [self] in
            while true {
                let line = read()
                let stop = state.withLock { state in
                    if let line { state.lines.append(line) } else { state.ended = true }
                    if let waiter = state.waiter {
                        state.waiter = nil
                        waiter.resume(returning: state.lines.isEmpty ? nil : state.lines.removeFirst())
                    }
                    return line == nil
                }
                if stop { return }
            }
        }.start()
    }
}
