import BeyondIdentityEmbedded

extension FlowContext {
    /// Shows `confirmation` (which says what is lost); on confirm deletes `credential` under a
    /// progress screen titled `progress`, trying again at once when the user asks after a
    /// failure, and goes on with `deleted`. Cancelling the progress shows the confirmation
    /// again; `nil` means the user kept the credential.
    func confirmDeletion(
        of credential: Credential, confirmation: Screen, progress: UIStrings.Key, deleted: () async -> FlowStep
    ) async -> FlowStep? {
        let sdk = self.sdk
        while true {
            switch await ask(confirmation) {
            case .confirm:
                deleting: while true {
                    switch await work(progress, { () async throws(BISDKError) in try await sdk.deleteCredential(for: credential.handle) }) {
                    case .finished:
                        return await deleted()
                    case .stopped(.close):
                        return .ended(.closed)
                    case .stopped:
                        break deleting
                    case let .failed(error):
                        switch await explain(error, canRecover: false) {
                        case .retry: continue deleting
                        case .close: return .ended(.failed(error))
                        default: return nil
                        }
                    }
                }
            case .back:
                return nil
            default:
                return .ended(.closed)
            }
        }
    }
}
