#if canImport(SwiftUI)
public import Combine
public import Foundation

/// A ``FlowPresenter`` for SwiftUI: publishes the current screen for ``FlowView`` to draw and
/// hands the user's action back to the flow. Thin on purpose: every decision is in the flow model.
@MainActor
public final class ScreenModel: ObservableObject, FlowPresenter {
    /// The screen to draw; `nil` once the flow has ended.
    @Published public private(set) var screen: Screen?
    /// Opens support links (`openURL` of the SwiftUI environment, set by ``FlowView``).
    public var openLink: (URL) -> Void = { _ in }
    /// Removes the UI (set by whoever presented ``FlowView``).
    public var onDismiss: () -> Void = {}
    private var answer: CheckedContinuation<UserAction, Never>?

    /// An empty model.
    public nonisolated init() {}

    /// Reports the user's action on the current screen.
    public func choose(_ action: UserAction) {
        answer?.resume(returning: action)
        answer = nil
    }

    /// Shows `screen` and waits for ``choose(_:)``; a wait still open is answered ``UserAction/close``.
    public func present(_ screen: Screen) async -> UserAction {
        guard !Task.isCancelled else { return .close }
        answer?.resume(returning: .close)
        self.screen = screen
        // The continuation is stored before this method suspends, and a cancellation's
        // `choose(.close)` runs on the main actor only after that, so no wait is left open.
        return await withTaskCancellationHandler {
            await withCheckedContinuation { answer = $0 }
        } onCancel: {
            Task { @MainActor in self.choose(.close) }
        }
    }

    /// Opens `url` with ``openLink``.
    public nonisolated func open(_ url: URL) async {
        await MainActor.run { openLink(url) }
    }

    /// Clears the screen and calls ``onDismiss``.
    public nonisolated func dismiss() async {
        await MainActor.run {
            screen = nil
            onDismiss()
        }
    }
}
#endif
