public import BeyondIdentityEmbedded
public import Foundation

/// The UI's flows over one SDK instance: what the seed's free functions
/// (``continueWithBeyondIdentity(for:authFlow:config:completion:)`` and the others) run on
/// `Embedded.shared`. Create one to use another instance, texts or device description.
///
/// Each flow runs until the user signs in, hands over to the app, or closes it, and returns
/// how it ended; cancelling its task ends it (a running extension is cancelled on the server).
public struct EmbeddedUI: Sendable {
    /// The SDK the flows call.
    public var sdk: any EmbeddedSDK
    /// The texts shown.
    public var strings: UIStrings
    /// This device, as credential details show it.
    public var device: DeviceDescription

    /// Flows over `sdk` (by default `Embedded.shared`).
    public init(sdk: any EmbeddedSDK = Embedded.shared, strings: UIStrings = .english, device: DeviceDescription = .current) {
        self.sdk = sdk
        self.strings = strings
        self.device = device
    }

    /// The button flow: sign in with a credential on this device, or get one.
    public func continueWithBeyondIdentity(
        presenter: any FlowPresenter, authFlow: AuthFlowType, config: BeyondIdentityConfig
    ) async -> FlowOutcome {
        let context = context(presenter, supportURL: config.supportURL)
        return await finishing(presenter) { await ButtonFlow(context: context, flowType: authFlow, config: config).run() }
    }

    /// The settings flow: view, delete or extend the device's credentials, or add one.
    public func openSettings(presenter: any FlowPresenter, config: BeyondIdentityConfig) async -> FlowOutcome {
        let context = context(presenter, supportURL: config.supportURL)
        return await finishing(presenter) { await SettingsFlow(context: context, config: config).run() }
    }

    /// Registers a credential from an enrollment link the app intercepted, then signs in.
    public func registerCredentialAndLogin(presenter: any FlowPresenter, url: URL, config: RegisterConfig) async -> FlowOutcome {
        let context = context(presenter, supportURL: config.supportURL)
        return await finishing(presenter) { await RegisterFlow(context: context, url: url, config: config).run() }
    }

    /// Approves a sign-in started in a browser on another device: the sign-in URL `url` the
    /// browser shows (scanned, pasted or opened as a link by the app), or one the user scans or
    /// pastes when it is `nil`; then its context (the application, when, the browser's address,
    /// user agent, place and referer) with Approve and Decline. It ends with
    /// ``FlowOutcome/signInApproved(_:)`` ("Continue on your other device": nothing opens here)
    /// or ``FlowOutcome/signInDeclined``.
    public func approveSignIn(presenter: any FlowPresenter, url: URL? = nil, supportURL: URL) async -> FlowOutcome {
        let context = context(presenter, supportURL: supportURL)
        return await finishing(presenter) { await ApproveSignIn(context: context).run(url: url) }
    }

    /// Answers the sign-in an invoke URL names (`url`, e.g. a relying party's `/authorize`
    /// redirect) on a device without a credential, with a code sent by email: "Sign in with a
    /// code sent by email", the address, the code (a wrong one says so and can be typed again),
    /// then, when the server gave a passkey binding token, "Set up this device?", which binds a
    /// credential here. It ends with ``FlowOutcome/signedIn(_:)`` (open its redirect URL), set
    /// up or not.
    public func signInWithEmailCode(presenter: any FlowPresenter, url: URL, supportURL: URL) async -> FlowOutcome {
        let context = context(presenter, supportURL: supportURL)
        return await finishing(presenter) { await EmailCodeFlow(context: context, url: url).run() }
    }

    private func context(_ presenter: any FlowPresenter, supportURL: URL) -> FlowContext {
        FlowContext(sdk: sdk, presenter: presenter, strings: strings, device: device, supportURL: supportURL)
    }

    private func finishing(_ presenter: any FlowPresenter, _ flow: () async -> FlowOutcome) async -> FlowOutcome {
        let outcome = await flow()
        await presenter.dismiss()
        if Task.isCancelled, case .closed = outcome { return .cancelled }
        return outcome
    }
}
