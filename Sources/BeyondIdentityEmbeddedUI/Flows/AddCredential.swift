import BeyondIdentityEmbedded

/// The choices of a device without a (usable) credential: set up a new account or recover one
/// (both handed to the app), add this device from another device by code, or ask support.
struct AddCredential: Sendable {
    let context: FlowContext
    let config: BeyondIdentityConfig

    /// What the user did.
    enum Result: Sendable {
        /// The flow is over, with this outcome.
        case ended(FlowOutcome)
        /// A credential was imported from another device.
        case imported([Credential])
        /// The user went back.
        case back
    }

    /// Offers the choices; `unusable` are credentials that fit but cannot sign in (the screen
    /// says why), `canGoBack` whether there is a screen to go back to.
    func run(unusable: [Credential] = [], canGoBack: Bool) async -> Result {
        let strings = context.strings
        let notes = unusable.map { strings[.inactiveCredentialNote, $0.identityDisplayName, context.stateName($0.state)] }
        var actions = [
            context.action(.signUp, .signUp, role: .primary), context.action(.addFromAnotherDevice, .addFromAnotherDevice),
            context.action(.recover, .recover), context.action(.support, .support), context.action(.explain, .explain),
        ]
        actions.append(canGoBack ? context.action(.back, .back, role: .dismiss) : context.action(.close, .close, role: .dismiss))
        let screen = Screen(kind: .noCredential, title: strings[.noCredentialTitle],
                            message: ([strings[.noCredentialMessage]] + notes).joined(separator: "\n"), actions: actions)
        while true {
            switch await context.ask(screen) {
            case .signUp:
                await MainActor.run { config.signUpAction() }
                return .ended(.signUpRequested)
            case .recover:
                await MainActor.run { config.recoverUserAction() }
                return .ended(.recoveryRequested)
            case .addFromAnotherDevice:
                switch await ImportByCode(context: context).run() {
                case let .imported(credentials): return .imported(credentials)
                case let .ended(outcome): return .ended(outcome)
                case .back: continue
                }
            case .back:
                return .back
            default:
                return .ended(.closed)
            }
        }
    }
}
