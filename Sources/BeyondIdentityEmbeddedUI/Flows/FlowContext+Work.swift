import BeyondIdentityEmbedded

extension FlowContext {
    /// Runs `operation` while a progress screen titled `title` shows a Cancel choice. The
    /// user's cancel (or close) cancels the operation, and the operation's own outcome still
    /// decides the result: work that completed anyway is reported as finished.
    func work<Value: Sendable>(
        _ title: UIStrings.Key, _ operation: @escaping @Sendable () async throws(BISDKError) -> Value
    ) async -> WorkResult<Value> {
        let screen = Screen(kind: .progress, title: strings[title], inProgress: true,
                            actions: [action(.cancel, .cancel, role: .dismiss)])
        let presenter = self.presenter
        return await withTaskGroup(of: WorkEvent<Value>.self) { group in
            group.addTask {
                do throws(BISDKError) {
                    return .done(.finished(try await operation()))
                } catch {
                    return .done(error == .userCancelled ? .stopped(.close) : .failed(error))
                }
            }
            group.addTask { .user(await presenter.present(screen)) }
            var stoppedBy: UserAction?
            while let event = await group.next() {
                switch event {
                case let .user(action):
                    guard !Task.isCancelled else { continue }
                    stoppedBy = action == .close ? .close : .cancel
                    group.cancelAll()
                case let .done(result):
                    group.cancelAll()
                    if case .stopped = result, let stoppedBy { return .stopped(stoppedBy) }
                    return result
                }
            }
            return .stopped(.close)
        }
    }
}

/// What ends first while work is in progress.
private enum WorkEvent<Value: Sendable>: Sendable {
    case done(WorkResult<Value>)
    case user(UserAction)
}
