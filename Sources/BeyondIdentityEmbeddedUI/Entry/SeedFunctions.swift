public import BeyondIdentityEmbedded
public import Foundation

// The seed-003 entry points. On Apple platforms the `for:` / `with:` / `window:` parameters
// also accept a view controller or window (see `Apple/`); here they take the presenter that
// draws the screens. Each function starts its flow on a new task and returns at once; the
// optional `completion` (called on the main actor) reports how the flow ended, failures
// included, and the `async` forms return it.

/// Configures `Embedded.shared` for the UI; the parameters are those of
/// `Embedded.initialize(biometricAskPrompt:clientID:domain:redirectURI:keyStore:credentialStateMaxAge:logger:)`.
public func initializeBeyondIdentity(
    biometricAskPrompt: String, clientID: String, domain: Domain = .local, redirectURI: String,
    logger: (@Sendable (LogLevel, String) -> Void)? = nil
) {
    Embedded.initialize(
        biometricAskPrompt: biometricAskPrompt, clientID: clientID, domain: domain, redirectURI: redirectURI, logger: logger)
}

/// Starts the button flow on `presenter`: sign in with a credential on this device, or get one.
public func continueWithBeyondIdentity(
    for presenter: any FlowPresenter, authFlow: AuthFlowType, config: BeyondIdentityConfig,
    completion: (@MainActor @Sendable (FlowOutcome) -> Void)? = nil
) {
    start(completion) { await EmbeddedUI().continueWithBeyondIdentity(presenter: presenter, authFlow: authFlow, config: config) }
}

/// Runs the button flow on `presenter` and returns how it ended.
@discardableResult
public func continueWithBeyondIdentity(
    for presenter: any FlowPresenter, authFlow: AuthFlowType, config: BeyondIdentityConfig
) async -> FlowOutcome {
    await EmbeddedUI().continueWithBeyondIdentity(presenter: presenter, authFlow: authFlow, config: config)
}

/// Starts the settings flow on `presenter`.
public func openBeyondIdentitySettings(
    with presenter: any FlowPresenter, config: BeyondIdentityConfig,
    completion: (@MainActor @Sendable (FlowOutcome) -> Void)? = nil
) {
    start(completion) { await EmbeddedUI().openSettings(presenter: presenter, config: config) }
}

/// Runs the settings flow on `presenter` and returns how it ended.
@discardableResult
public func openBeyondIdentitySettings(with presenter: any FlowPresenter, config: BeyondIdentityConfig) async -> FlowOutcome {
    await EmbeddedUI().openSettings(presenter: presenter, config: config)
}

/// Starts registering a credential from the enrollment link `url` on `presenter` (`window` in
/// the seed, hence optional: without one nothing is shown and nothing happens), then signs in.
public func registerCredentialAndLogin(
    window presenter: (any FlowPresenter)?, url: URL, config: RegisterConfig,
    completion: (@MainActor @Sendable (FlowOutcome) -> Void)? = nil
) {
    guard let presenter else { return }
    start(completion) { await EmbeddedUI().registerCredentialAndLogin(presenter: presenter, url: url, config: config) }
}

/// Registers a credential from `url` on `presenter`, signs in, and returns how it ended.
@discardableResult
public func registerCredentialAndLogin(window presenter: any FlowPresenter, url: URL, config: RegisterConfig) async -> FlowOutcome {
    await EmbeddedUI().registerCredentialAndLogin(presenter: presenter, url: url, config: config)
}

/// Starts approving a sign-in started in a browser on another device on `presenter`: the
/// sign-in URL `url` (scanned, pasted or opened as a link), or one the user enters when `nil`.
public func approveSignInOnAnotherDevice(
    with presenter: any FlowPresenter, url: URL? = nil, supportURL: URL,
    completion: (@MainActor @Sendable (FlowOutcome) -> Void)? = nil
) {
    start(completion) { await EmbeddedUI().approveSignIn(presenter: presenter, url: url, supportURL: supportURL) }
}

/// Approves a sign-in started in a browser on another device on `presenter` and returns how it ended.
@discardableResult
public func approveSignInOnAnotherDevice(with presenter: any FlowPresenter, url: URL? = nil, supportURL: URL) async -> FlowOutcome {
    await EmbeddedUI().approveSignIn(presenter: presenter, url: url, supportURL: supportURL)
}

/// Runs `flow` on a new task and hands its outcome to `completion` on the main actor.
private func start(
    _ completion: (@MainActor @Sendable (FlowOutcome) -> Void)?, _ flow: @escaping @Sendable () async -> FlowOutcome
) {
    Task {
        let outcome = await flow()
        if let completion { await MainActor.run { completion(outcome) } }
    }
}
