import BeyondIdentityEmbedded

extension FlowContext {
    /// Reads credentials with `load` under a progress screen and hands them to `show`, again
    /// each time `show` asks to reload, until it ends the flow. A failed read is explained, with
    /// try again and close; a cancelled one closes the flow.
    func showingCredentials(
        _ load: @escaping @Sendable () async throws(BISDKError) -> [Credential], _ show: ([Credential]) async -> FlowStep
    ) async -> FlowOutcome {
        while !Task.isCancelled {
            switch await work(.lookingUp, load) {
            case let .finished(credentials):
                if case let .ended(outcome) = await show(credentials) { return outcome }
            case .stopped:
                return Task.isCancelled ? .cancelled : .closed
            case let .failed(error):
                if await explain(error, canGoBack: false) != .retry { return .failed(error) }
            }
        }
        return .cancelled
    }
}
