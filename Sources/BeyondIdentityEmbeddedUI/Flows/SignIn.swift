import BeyondIdentityEmbedded

/// Signs in with one credential by the app's ``AuthFlowType``, shows failures, and hands a
/// success to the flow type's callback.
struct SignIn: Sendable {
    let context: FlowContext
    let flowType: AuthFlowType
    /// The app's recovery screen, offered when the credential turns out revoked.
    let recover: (@MainActor @Sendable () -> Void)?

    /// What became of the attempt.
    enum Result: Sendable {
        /// The flow is over, with this outcome.
        case ended(FlowOutcome)
        /// The user went back (after cancelling or reading an error).
        case back
    }

    /// Signs in with `handle`, trying again as often as the user asks.
    func run(with handle: Credential.Handle) async -> Result {
        while true {
            let select: AsyncCredentialSelector = { _ in handle }
            let sdk = context.sdk
            let result: WorkResult<FlowOutcome> = switch flowType {
            case let .authenticate(callback):
                await context.work(.signingIn) { () async throws(BISDKError) in
                    let tokens = try await sdk.authenticate(onSelectCredential: select)
                    await MainActor.run { callback(tokens) }
                    return .authenticated(tokens)
                }
            case let .authorize(pkce, scope, callback):
                await context.work(.signingIn) { () async throws(BISDKError) in
                    let code = try await sdk.authorize(pkceChallenge: pkce, scope: scope, onSelectCredential: select)
                    await MainActor.run { callback(code) }
                    return .authorized(code)
                }
            }
            switch result {
            case let .finished(outcome):
                return .ended(outcome)
            case .stopped(.close):
                return .ended(.closed)
            case .stopped:
                return .back
            case let .failed(error):
                switch await context.explain(error, canRecover: recover != nil) {
                case .retry: continue
                case .recover:
                    if let recover { await MainActor.run { recover() } }
                    return .ended(.recoveryRequested)
                case .close: return .ended(.failed(error))
                default: return .back
                }
            }
        }
    }
}
