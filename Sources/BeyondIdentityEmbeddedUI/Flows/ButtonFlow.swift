import BeyondIdentityEmbedded

/// The flow behind ``BeyondIdentityButton`` and ``continueWithBeyondIdentity(for:authFlow:config:completion:)``:
/// looks for the credentials that can sign in to the app, then offers "continue as" (one),
/// a choice (several), or the ways to get one (none).
struct ButtonFlow: Sendable {
    let context: FlowContext
    let flowType: AuthFlowType
    let config: BeyondIdentityConfig

    func run() async -> FlowOutcome {
        let sdk = context.sdk
        return await context.showingCredentials({ () async throws(BISDKError) in try await sdk.getApplicationCredentials() }) {
            credentials in
            let usable = credentials.filter { $0.state == .active }
            return switch usable.count {
            case 0: await offerNew(unusable: credentials, canGoBack: false) ?? .reload
            case 1: await offerContinue(as: usable[0])
            default: await offerChoice(of: usable)
            }
        }
    }

    /// One credential: continue as its user, or replace it.
    private func offerContinue(as credential: Credential) async -> FlowStep {
        let strings = context.strings
        let name = credential.identityDisplayName
        let screen = Screen(
            kind: .credentialExists, title: strings[.credentialExistsTitle],
            message: strings[.credentialExistsMessage, credential.displayName],
            actions: [
                context.action(.signIn(credential.handle), .continueAs, name, role: .primary),
                context.action(.replace, .notYou, name, role: .destructive),
                context.action(.explain, .explain), context.action(.close, .close, role: .dismiss),
            ])
        while true {
            switch await context.ask(screen) {
            case let .signIn(handle):
                return await signIn(with: handle)
            case .replace:
                if let next = await replace(credential) { return next }
            default:
                return .ended(.closed)
            }
        }
    }

    /// Several credentials: continue as one of them, or use another account.
    private func offerChoice(of credentials: [Credential]) async -> FlowStep {
        let strings = context.strings
        let choices = credentials.map {
            ScreenAction(.signIn($0.handle), strings[.continueAs, $0.displayName], role: .primary)
        }
        let screen = Screen(
            kind: .chooseCredential, title: strings[.chooseCredentialTitle], message: strings[.chooseCredentialMessage],
            actions: choices + [
                context.action(.addCredential, .useAnotherAccount), context.action(.explain, .explain),
                context.action(.close, .close, role: .dismiss),
            ])
        while true {
            switch await context.ask(screen) {
            case let .signIn(handle):
                return await signIn(with: handle)
            case .addCredential:
                if let next = await offerNew(unusable: [], canGoBack: true) { return next }
            default:
                return .ended(.closed)
            }
        }
    }

    /// No usable credential (or another account wanted): the ways to get one. An imported
    /// credential signs in at once. `nil` means the user went back.
    private func offerNew(unusable: [Credential], canGoBack: Bool) async -> FlowStep? {
        switch await AddCredential(context: context, config: config).run(unusable: unusable, canGoBack: canGoBack) {
        case let .ended(outcome):
            return .ended(outcome)
        case let .imported(credentials):
            guard let first = credentials.first else { return .reload }
            return await signIn(with: first.handle)
        case .back:
            return nil
        }
    }

    /// Signs in; when the user goes back, the credentials are read again (an error may have
    /// changed their states).
    private func signIn(with handle: Credential.Handle) async -> FlowStep {
        switch await SignIn(context: context, flowType: flowType, recover: config.recoverUserAction).run(with: handle) {
        case let .ended(outcome): .ended(outcome)
        case .back: .reload
        }
    }

    /// Warns what replacing means; on confirmation deletes the credential and offers the ways
    /// to get a new one. `nil` means the user kept it.
    private func replace(_ credential: Credential) async -> FlowStep? {
        let strings = context.strings
        let warning = Screen(
            kind: .replaceWarning, title: strings[.replaceTitle, credential.identityDisplayName],
            message: strings[.replaceMessage, credential.identityDisplayName],
            actions: [
                context.action(.confirm, .replaceConfirm, role: .destructive), context.action(.back, .keep, role: .dismiss),
            ])
        return await context.confirmDeletion(of: credential, confirmation: warning, progress: .replacing) {
            await offerNew(unusable: [], canGoBack: false) ?? .reload
        }
    }
}
