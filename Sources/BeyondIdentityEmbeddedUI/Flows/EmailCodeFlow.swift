import BeyondIdentityEmbedded
import Foundation

/// Signs in to the sign-in an invoke URL names on a device without a credential (a lost or new
/// phone), with a one-time code sent by email: the offer, the address, the code (a wrong one
/// says so and is typed again), then "Set up this device?" when the server gave a passkey
/// binding token, which binds a credential here.
struct EmailCodeFlow: Sendable {
    let context: FlowContext
    /// The sign-in's invoke URL.
    let url: URL

    /// Where a step leads.
    private enum Step: Error {
        /// The flow is over, with this outcome.
        case ended(FlowOutcome)
        /// The user went back.
        case back
    }

    func run() async -> FlowOutcome {
        let strings = context.strings
        let offer = Screen(
            kind: .noCredential, title: strings[.noCredentialTitle], message: strings[.emailCodeOfferMessage],
            actions: [
                context.action(.emailCode, .emailCode, role: .primary), context.action(.explain, .explain),
                context.action(.support, .support), context.action(.close, .close, role: .dismiss),
            ])
        while true {
            guard await context.ask(offer) == .emailCode else { return .closed }
            if case let .ended(outcome) = await askForAddress() { return outcome }
        }
    }

    /// Asks for the address and sends a code to it; `.back` when the user leaves the address.
    private func askForAddress() async -> Step {
        let strings = context.strings
        var problem: String?
        while true {
            let screen = Screen(
                kind: .enterEmail, title: strings[.enterEmailTitle], message: strings[.enterEmailMessage],
                input: InputField(prompt: strings[.emailPrompt], placeholder: strings[.emailPlaceholder], allowsScanning: false, problem: problem),
                actions: [context.action(.back, .back, role: .dismiss), context.action(.close, .close, role: .dismiss)])
            let answer = await context.ask(screen)
            guard case let .submit(text) = answer else { return answer == .back ? .back : .ended(.closed) }
            let email = text.trimmingCharacters(in: .whitespacesAndNewlines)
            guard email.contains("@"), !email.contains(where: \.isWhitespace) else {
                problem = strings[.emailMalformed]
                continue
            }
            problem = nil
            let (sdk, url) = (context.sdk, url)
            switch await attempt(.sendingEmailCode, { () async throws(BISDKError) in try await sdk.authenticateOtp(url: url, email: email) }) {
            case let .failure(.ended(outcome)): return .ended(outcome)
            case .failure(.back): continue
            case let .success(challenge):
                if case let .ended(outcome) = await askForCode(challenge, sentTo: email) { return .ended(outcome) }
            }
        }
    }

    /// Asks for the code until a right one signs in; `.back` to ask for a new code.
    private func askForCode(_ challenge: OtpChallengeResponse, sentTo email: String) async -> Step {
        let strings = context.strings
        var challenge = challenge
        var problem: String?
        while true {
            let screen = Screen(
                kind: .enterEmailCode, title: strings[.enterEmailCodeTitle], message: strings[.enterEmailCodeMessage, email],
                input: InputField(
                    prompt: strings[.emailCodePrompt], placeholder: strings[.emailCodePlaceholder], allowsScanning: false, problem: problem),
                actions: [context.action(.back, .useAnotherAddress, role: .dismiss), context.action(.close, .close, role: .dismiss)])
            let answer = await context.ask(screen)
            guard case let .submit(text) = answer else { return answer == .back ? .back : .ended(.closed) }
            let code = text.filter { !$0.isWhitespace }
            guard (6...8).contains(code.count), code.allSatisfy(\.isASCII), code.allSatisfy(\.isNumber) else {
                problem = strings[.emailCodeMalformed]
                continue
            }
            let (sdk, url) = (context.sdk, challenge.url)
            switch await attempt(.checkingEmailCode, { () async throws(BISDKError) in try await sdk.redeemOtp(url: url, otp: code) }) {
            case let .failure(step): return step
            case let .success(.failedOtp(next)):
                challenge = next
                problem = strings[.emailCodeWrong, next.attemptsLeft.map(String.init) ?? "a few"]
            case let .success(.success(response)):
                return .ended(await offerSetUp(after: response))
            }
        }
    }

    /// Signed in: with a passkey binding token, offers to set up this device with it.
    private func offerSetUp(after response: AuthenticateResponse) async -> FlowOutcome {
        guard let token = response.passkeyBindingToken, let link = bindingLink(token) else { return .signedIn(response) }
        let strings = context.strings
        let screen = Screen(
            kind: .setUpDevice, title: strings[.setUpDeviceTitle], message: strings[.setUpDeviceMessage],
            actions: [context.action(.confirm, .setUpDevice, role: .primary), context.action(.close, .notNow, role: .dismiss)])
        guard await context.ask(screen) == .confirm else { return .signedIn(response) }
        let sdk = context.sdk
        while true {
            switch await context.work(.registering, { () async throws(BISDKError) in try await sdk.bindPasskey(url: link) }) {
            case let .finished(bound):
                _ = await context.notice(.deviceSetUpTitle, .deviceSetUpMessage, bound.passkey.identity.displayName)
                return .signedIn(response)
            case .stopped:
                return .signedIn(response)
            case let .failed(error):
                // Signed in either way: the app still gets the redirect.
                if await context.explain(error, canGoBack: false, canRecover: false) != .retry { return .signedIn(response) }
            }
        }
    }

    /// The enrollment link a passkey binding token makes on the sign-in's server: `{api_base_url}/v1/bind?token=…`.
    private func bindingLink(_ token: String) -> URL? {
        let items = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []
        guard let base = items.first(where: { $0.name == "api_base_url" })?.value, var link = URLComponents(string: base + "/v1/bind")
        else { return nil }
        link.queryItems = [URLQueryItem(name: "token", value: token)]
        return link.url
    }

    /// Runs `operation` behind a progress screen (``FlowContext/attempt(_:_:)``): its value, or
    /// `.back` when the user cancelled or went back from its error, `.ended` when they closed.
    private func attempt<Value: Sendable>(
        _ title: UIStrings.Key, _ operation: @escaping @Sendable () async throws(BISDKError) -> Value
    ) async -> Result<Value, Step> {
        switch await context.attempt(title, operation) {
        case let .finished(value): .success(value)
        case .stopped(.close): .failure(.ended(.closed))
        case .stopped: .failure(.back)
        case let .failed(error, closed): .failure(closed ? .ended(.failed(error)) : .back)
        }
    }
}
