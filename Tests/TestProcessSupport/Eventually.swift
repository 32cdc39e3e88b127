import Foundation

/// Waits for something that happens in the background (a mail sent, a webhook delivered, a
/// child process's output): polls `probe` every `interval` until it gives a value, and returns
/// that value; throws ``PollTimeout`` naming `what` when `timeout` passes first. The one way the
/// tests wait: never a fixed sleep, so a loaded machine only makes a test take longer, and the
/// generous default deadline (120 s: the whole suite runs at once on two
/// cores) is spent only by a test that is going to fail anyway.
public func eventually<Value>(
    within timeout: Duration = .seconds(120), every interval: Duration = .milliseconds(20), _ what: @autoclosure () -> String,
    _ probe: () async throws -> Value?
) async throws -> Value {
    let deadline = ContinuousClock.now + timeout
    while true {
        if let value = try await probe() { return value }
        guard ContinuousClock.now < deadline else { throw PollTimeout(description: "\(what()) did not happen within \(timeout)") }
        try await Task.sleep(for: interval)
    }
}

/// What ``eventually(within:every:_:_:)`` throws when its deadline passes.
public struct PollTimeout: Error, CustomStringConvertible {
    public let description: String

    /// A timeout, or a wait given up for `description` (a process that ended first).
    public init(description: String) {
        self.description = description
    }
}

extension SpawnedProcess {
    /// Waits for the process to be ready, as ``eventually(within:every:_:_:)`` polls `probe` (its
    /// port file written, its address printed), but gives up as soon as the process has ended;
    /// on any failure the process is killed, so a test that gives up leaves nothing running.
    public func whenReady<Value>(
        within timeout: Duration = .seconds(120), _ what: String, _ probe: () async throws -> Value?
    ) async throws -> Value {
        do {
            return try await eventually(within: timeout, what) {
                if let value = try await probe() { return value }
                guard isRunning else { throw PollTimeout(description: "\(what) did not happen: the process ended") }
                return nil
            }
        } catch {
            send(SIGKILL)
            throw error
        }
    }
}
