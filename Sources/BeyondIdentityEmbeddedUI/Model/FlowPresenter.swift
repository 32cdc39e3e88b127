public import Foundation

/// Draws screens and reports what the user does: a terminal, a SwiftUI sheet, a test script.
///
/// The flow calls ``present(_:)`` once per screen. A new screen may replace the current one
/// before the user acts (work finished, a new code arrived): the flow then cancels the task
/// waiting in ``present(_:)``, which should return promptly (its answer is ignored).
public protocol FlowPresenter: Sendable {
    /// Shows `screen` and returns the user's action: one the screen offers (see
    /// ``Screen/offers(_:)``), or ``UserAction/close`` if the user dismissed the whole UI.
    func present(_ screen: Screen) async -> UserAction

    /// Opens a support link (a web page or a `mailto:` address).
    func open(_ url: URL) async

    /// The flow has ended; remove its screens.
    func dismiss() async
}
