import BeyondIdentityEmbeddedUI
import Synchronization

/// Runs a flow on a task of its own that a script step can cancel, as an app cancels the task
/// running a flow. ``cancel()`` may come before the task exists: it is then cancelled at once.
final class FlowTask: Sendable {
    private let state = Mutex<(task: Task<FlowOutcome, Never>?, cancelled: Bool)>((nil, false))

    /// Runs `flow` on a new task and returns how it ended.
    func run(_ flow: @escaping @Sendable () async -> FlowOutcome) async -> FlowOutcome {
        let task = Task { await flow() }
        let cancelled = state.withLock { state in
            state.task = task
            return state.cancelled
        }
        if cancelled { task.cancel() }
        return await task.value
    }

    /// Cancels the flow's task.
    func cancel() {
        let task = state.withLock { state in
            state.cancelled = true
            return state.task
        }
        task?.cancel()
    }
}
