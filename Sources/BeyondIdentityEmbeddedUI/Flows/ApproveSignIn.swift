import BeyondIdentityEmbedded
import Foundation
import Synchronization

/// Approves a sign-in started in a browser on another device: the user scans or pastes the
/// sign-in URL the browser shows (unless the app already has it), sees the application and
/// where and when the browser started it, and approves it with a credential of its realm or
/// declines it. Nothing opens on this device: the browser continues on its own.
struct ApproveSignIn: Sendable {
    let context: FlowContext

    /// Where a step leads.
    private enum Step: Sendable {
        /// The flow is over, with this outcome.
        case ended(FlowOutcome)
        /// The user went back (to the URL, when it was asked for).
        case back
    }

    /// Runs the flow for `url`, or for the URL the user enters when it is `nil`.
    func run(url: URL?) async -> FlowOutcome {
        while true {
            var entered: URL?
            if url == nil { entered = await askForURL() }
            guard let signInURL = url ?? entered else { return .closed }
            switch await review(signInURL) {
            case let .ended(outcome): return outcome
            case .back where url != nil: return .closed
            case .back: continue
            }
        }
    }

    /// Asks for the sign-in URL until the user gives one of the SDK's server; `nil` when they leave.
    private func askForURL() async -> URL? {
        let strings = context.strings
        var problem: String?
        while true {
            let screen = Screen(
                kind: .enterSignInURL, title: strings[.enterSignInURLTitle], message: strings[.enterSignInURLMessage],
                input: InputField(prompt: strings[.signInURLPrompt], placeholder: strings[.signInURLPlaceholder],
                                  allowsScanning: true, problem: problem),
                actions: [context.action(.support, .support), context.action(.close, .close, role: .dismiss)])
            guard case let .submit(text) = await context.ask(screen) else { return nil }
            guard let url = URL(string: text.trimmingCharacters(in: .whitespacesAndNewlines)), context.sdk.isAuthenticateUrl(url) else {
                problem = strings[.signInURLInvalid]
                continue
            }
            return url
        }
    }

    /// Fetches the sign-in's context and shows it until the user approves, declines or leaves.
    private func review(_ url: URL) async -> Step {
        let sdk = context.sdk
        switch await context.attempt(.checkingSignIn, { () async throws(BISDKError) in try await sdk.getAuthenticationContext(url: url) }) {
        case let .finished(signIn): return await decide(signIn)
        case .stopped(.close): return .ended(.closed)
        case .stopped: return .back
        case let .failed(error, closed): return closed ? .ended(.failed(error)) : .back
        }
    }

    /// The context with Approve and Decline.
    private func decide(_ signIn: AuthenticationContext) async -> Step {
        let strings = context.strings
        let application = signIn.application.displayName ?? signIn.application.id.value
        let screen = Screen(
            kind: .approveSignIn, title: strings[.approveSignInTitle, application], message: strings[.approveSignInMessage],
            details: facts(signIn, application: application),
            actions: [
                context.action(.approve, .approve, role: .primary), context.action(.decline, .decline, role: .destructive),
                context.action(.close, .close, role: .dismiss),
            ])
        while true {
            let step: Step? = switch await context.ask(screen) {
            case .approve: await approve(signIn.authUrl)
            case .decline: await decline(signIn.authUrl)
            default: .ended(.closed)
            }
            if let step { return step }
        }
    }

    /// Approves, asking which credential when several fit; `nil` goes back to the context.
    private func approve(_ url: URL) async -> Step? {
        let sdk = context.sdk
        var chosen: Credential.Handle?
        while true {
            // The SDK offers the credentials that fit only to the selector, during the call: the
            // selector keeps them and answers none (the call then ends as cancelled), and they
            // are offered here, after the progress screen, before approving again with the choice.
            let offered = Mutex<[Credential]>([])
            let selected = chosen
            let select: AsyncCredentialSelector = { candidates in
                if let selected { return selected }
                offered.withLock { $0 = candidates }
                return nil
            }
            let result = await context.attempt(.approving) { () async throws(BISDKError) in
                try await sdk.authenticate(url: url, onSelectCredential: select)
            }
            switch result {
            case let .finished(response):
                _ = await context.notice(.approvedTitle, .approvedMessage)
                return .ended(.signInApproved(response))
            case .stopped(.close):
                let candidates = offered.withLock { $0 }
                guard !candidates.isEmpty else { return .ended(.closed) }
                guard let handle = await choose(among: candidates) else { return nil }
                chosen = handle
            case .stopped:
                return nil
            case let .failed(error, closed):
                return closed ? .ended(.failed(error)) : nil
            }
        }
    }

    /// Asks which of `credentials` approves; `nil` when the user goes back.
    private func choose(among credentials: [Credential]) async -> Credential.Handle? {
        let strings = context.strings
        let screen = Screen(
            kind: .chooseCredential, title: strings[.chooseCredentialTitle], message: strings[.chooseApproverMessage],
            actions: credentials.map { ScreenAction(.signIn($0.handle), strings[.continueAs, $0.displayName], role: .primary) }
                + [context.action(.back, .back, role: .dismiss)])
        guard case let .signIn(handle) = await context.ask(screen) else { return nil }
        return handle
    }

    /// Declines; `nil` goes back to the context.
    private func decline(_ url: URL) async -> Step? {
        let sdk = context.sdk
        switch await context.attempt(.declining, { () async throws(BISDKError) in try await sdk.declineAuthentication(url: url) }) {
        case .finished:
            _ = await context.notice(.declinedTitle, .declinedMessage)
            return .ended(.signInDeclined)
        case .stopped(.close): return .ended(.closed)
        case .stopped: return nil
        case let .failed(error, closed): return closed ? .ended(.failed(error)) : nil
        }
    }

    /// What the context screen lists.
    private func facts(_ signIn: AuthenticationContext, application: String) -> [Detail] {
        let strings = context.strings
        let notKnown = strings[.detailNotKnown]
        var facts = [
            Detail(strings[.detailApplication], application),
            Detail(strings[.detailStarted], signIn.startedAt.formatted(date: .abbreviated, time: .standard)),
            Detail(strings[.detailBrowserAddress], signIn.origin.sourceIp ?? notKnown),
            Detail(strings[.detailBrowser], signIn.origin.userAgent ?? notKnown),
            Detail(strings[.detailPlace], signIn.origin.geolocation ?? notKnown),
        ]
        if let referer = signIn.origin.referer { facts.append(Detail(strings[.detailReferer], referer)) }
        return facts
    }
}
