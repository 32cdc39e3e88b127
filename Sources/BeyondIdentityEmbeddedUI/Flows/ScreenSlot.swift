import Synchronization

/// The one screen a flow shows while it also listens to something else (the extension's code
/// updates): showing a new screen cancels the wait on the old one and draws the new one only
/// once the old one has returned, so screens never appear out of order; the user's answer
/// arrives as an ``ExtendFlow/Event/user(_:generation:)`` tagged with its screen.
final class ScreenSlot: Sendable {
    private let presenter: any FlowPresenter
    private let sink: AsyncStream<ExtendFlow.Event>.Continuation
    private let state = Mutex<(generation: Int, waiting: Task<Void, Never>?)>((0, nil))

    init(presenter: any FlowPresenter, sink: AsyncStream<ExtendFlow.Event>.Continuation) {
        self.presenter = presenter
        self.sink = sink
    }

    /// The number of the screen shown last.
    var generation: Int { state.withLock { $0.generation } }

    /// Shows `screen` in place of the current one.
    func show(_ screen: Screen) {
        let (presenter, sink) = (self.presenter, self.sink)
        state.withLock { state in
            let previous = state.waiting
            previous?.cancel()
            state.generation += 1
            let generation = state.generation
            state.waiting = Task {
                await previous?.value
                guard !Task.isCancelled else { return }
                let action = await presenter.present(screen)
                if !Task.isCancelled { sink.yield(.user(action, generation: generation)) }
            }
        }
    }

    /// Stops waiting on the current screen, and returns once its presenter has.
    func clear() async {
        let waiting = state.withLock { state in
            state.waiting?.cancel()
            return state.waiting
        }
        await waiting?.value
    }
}
