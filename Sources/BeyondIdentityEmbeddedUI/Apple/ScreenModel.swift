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

    public nonisolated func present(_ screen: Screen) async -> UserAction {
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                Task { @MainActor in
                    self.answer?.resume(returning: .close)
                    self.screen = screen
                    self.answer = continuation
                }
            }
        } onCancel: {
            Task { @MainActor in self.choose(.close) }
        }
    }

    public nonisolated func open(_ url: URL) async {
        await MainActor.run { openLink(url) }
    }

    public nonisolated func dismiss() async {
        await MainActor.run {
            screen = nil
            onDismiss()
        }
    }
}
#endif
