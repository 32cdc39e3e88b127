import BeyondIdentityEmbedded
import Foundation

/// The flow behind ``registerCredentialAndLogin(window:url:config:completion:)``: registers a
/// credential from an enrollment link (registration or recovery) under a progress screen,
/// then signs in with it by the app's ``AuthFlowType``.
struct RegisterFlow: Sendable {
    let context: FlowContext
    let url: URL
    let config: RegisterConfig

    func run() async -> FlowOutcome {
        let sdk = context.sdk
        let url = self.url
        while !Task.isCancelled {
            switch await context.work(.registering, { () async throws(BISDKError) in try await sdk.registerCredentials(url) }) {
            case let .finished(credential):
                return await signIn(with: credential.handle)
            case .stopped:
                return Task.isCancelled ? .cancelled : .closed
            case let .failed(error):
                switch await context.explain(error, canGoBack: false) {
                case .retry:
                    continue
                case .recover:
                    await MainActor.run { config.recoverUserAction() }
                    return .recoveryRequested
                default:
                    return .failed(error)
                }
            }
        }
        return .cancelled
    }

    /// Signs in with the new credential; a user who backs out of that keeps the credential
    /// and closes the flow (the button signs in later).
    private func signIn(with handle: Credential.Handle) async -> FlowOutcome {
        switch await SignIn(context: context, flowType: config.authFlowType, recover: config.recoverUserAction).run(with: handle) {
        case let .ended(outcome): outcome
        case .back: Task.isCancelled ? .cancelled : .closed
        }
    }
}
