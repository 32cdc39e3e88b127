public import BeyondIdentityEmbeddedUI
public import Foundation
import Synchronization
import Testing

/// A ``FlowPresenter`` that plays a script: each step names the screen it expects and the
/// action to answer with. Progress and code screens the script does not address wait until the
/// flow replaces them; any other screen the script does not expect fails the test. An answer
/// must be one the screen offers, or ``UserAction/close`` (the user dismissed the whole UI).
public final class ScriptedPresenter: FlowPresenter {
    /// One expected screen and the user's answer to it; `then` runs first (to make the fake SDK
    /// move on); an answer of `nil` waits until the flow replaces the screen.
    public struct Step: Sendable {
        /// The screen expected.
        public var kind: ScreenKind
        /// The answer.
        public var answer: UserAction?
        /// Checks on the screen.
        public var check: @Sendable (Screen) -> Void = { _ in }
        /// Runs before answering.
        public var then: @Sendable () -> Void = {}
    }

    private let state: Mutex<(steps: [Step], screens: [Screen], opened: [URL], dismissed: Bool)>

    /// A presenter that plays `steps`.
    public init(_ steps: [Step]) {
        state = Mutex((steps, [], [], false))
    }

    /// Every screen shown, in order.
    public var screens: [Screen] { state.withLock { $0.screens } }
    /// The kinds of the screens shown, in order.
    public var kinds: [ScreenKind] { screens.map(\.kind) }
    /// Links the flow opened.
    public var opened: [URL] { state.withLock { $0.opened } }
    /// Whether the flow dismissed its screens.
    public var dismissed: Bool { state.withLock { $0.dismissed } }
    /// Whether every step was played.
    public var finished: Bool { state.withLock { $0.steps.isEmpty } }

    public func present(_ screen: Screen) async -> UserAction {
        let step: Step? = state.withLock { state in
            state.screens.append(screen)
            guard let next = state.steps.first, next.kind == screen.kind else { return nil }
            state.steps.removeFirst()
            return next
        }
        guard let step else {
            if screen.kind != .progress && screen.kind != .showCode {
                Issue.record("unexpected \(screen.kind) screen \"\(screen.title)\"; shown so far: \(kinds)")
                return .close
            }
            return await Self.waitUntilReplaced()
        }
        step.check(screen)
        step.then()
        guard let answer = step.answer else { return await Self.waitUntilReplaced() }
        #expect(answer == .close || screen.offers(answer), "\(screen.kind) does not offer \(answer)")
        return answer
    }

    public func open(_ url: URL) async {
        state.withLock { $0.opened.append(url) }
    }

    public func dismiss() async {
        state.withLock { $0.dismissed = true }
    }

    private static func waitUntilReplaced() async -> UserAction {
        try? await Task.sleep(for: .seconds(86_400))  // ends when the flow cancels this wait
        return .close
    }
}

/// Shorthand for script steps.
public func on(
    _ kind: ScreenKind, _ answer: UserAction?, check: @escaping @Sendable (Screen) -> Void = { _ in },
    then: @escaping @Sendable () -> Void = {}
) -> ScriptedPresenter.Step {
    ScriptedPresenter.Step(kind: kind, answer: answer, check: check, then: then)
}
