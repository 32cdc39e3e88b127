import BeyondIdentityEmbedded
import Foundation

/// What every flow works with: the SDK, the presenter, the texts, and the app's configuration.
struct FlowContext: Sendable {
    let sdk: any EmbeddedSDK
    let presenter: any FlowPresenter
    let strings: UIStrings
    let device: DeviceDescription
    let supportURL: URL

    /// Presents `screen` until the user chooses something other than support (opened here)
    /// or the explanation (shown, then `screen` again). Once the flow's task is cancelled,
    /// nothing is shown and the answer is ``UserAction/close``, so every flow ends.
    func ask(_ screen: Screen) async -> UserAction {
        while !Task.isCancelled {
            let action = await presenter.present(screen)
            switch action {
            case .support:
                await presenter.open(supportURL)
            case .explain:
                if await presenter.present(explanation) == .close { return .close }
            default:
                return action
            }
        }
        return .close
    }

    /// A choice labelled with `key`.
    func action(_ action: UserAction, _ key: UIStrings.Key, _ arguments: String..., role: ScreenAction.Role = .normal) -> ScreenAction {
        ScreenAction(action, strings.text(key, arguments), role: role)
    }

    /// The explanation of what a credential is.
    var explanation: Screen {
        Screen(kind: .explanation, title: strings[.explanationTitle], message: strings[.explanationMessage],
               actions: [action(.back, .back, role: .dismiss)])
    }

    /// A screen that says something finished, with an OK.
    func notice(_ title: UIStrings.Key, _ message: UIStrings.Key, _ arguments: String...) async -> UserAction {
        await ask(Screen(kind: .notice, title: strings[title], message: strings.text(message, arguments),
                         actions: [action(.back, .ok, role: .primary)]))
    }

    /// Shows `error` in words with the ways out that fit it: try again (if it may help),
    /// recover (if `canRecover` and it may help), support, back (if `canGoBack`), close.
    func explain(_ error: BISDKError, canGoBack: Bool = true, canRecover: Bool = true) async -> UserAction {
        let explanation = ErrorExplanation(error, strings: strings)
        var actions: [ScreenAction] = []
        if explanation.canRetry { actions.append(action(.retry, .retry, role: .primary)) }
        if explanation.suggestsRecovery && canRecover { actions.append(action(.recover, .recover)) }
        actions.append(action(.support, .support))
        if canGoBack { actions.append(action(.back, .back, role: .dismiss)) }
        actions.append(action(.close, .close, role: .dismiss))
        return await ask(Screen(kind: .error, title: explanation.title, message: explanation.message, actions: actions))
    }

    /// How a credential's state reads.
    func stateName(_ state: CredentialState) -> String {
        switch state {
        case .active: strings[.stateActive]
        case .userSuspended: strings[.stateUserSuspended]
        case .userDeleted: strings[.stateUserDeleted]
        case .deviceDeleted: strings[.stateDeviceDeleted]
        case .invalid: strings[.stateInvalid]
        }
    }
}
