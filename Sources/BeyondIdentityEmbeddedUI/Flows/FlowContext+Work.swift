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

/// How a step behind a progress screen ended, a failure explained to the user (and the step
/// run again as often as they asked): ``FlowContext/attempt(_:_:)``.
enum Attempt<Value: Sendable>: Sendable {
    /// It completed.
    case finished(Value)
    /// The user stopped it (``UserAction/cancel`` or ``UserAction/close``).
    case stopped(UserAction)
    /// It failed, and the user closed the error (`closed`) or went back.
    case failed(BISDKError, closed: Bool)
}

extension FlowContext {
    /// Runs `operation` behind a progress screen titled `title`; a failure is explained, with
    /// the ways out that fit it (recovery not among them), and the operation runs again if the
    /// user asks.
    func attempt<Value: Sendable>(
        _ title: UIStrings.Key, _ operation: @escaping @Sendable () async throws(BISDKError) -> Value
    ) async -> Attempt<Value> {
        while true {
            switch await work(title, operation) {
            case let .finished(value): return .finished(value)
            case let .stopped(action): return .stopped(action)
            case let .failed(error):
                let answer = await explain(error, canRecover: false)
                if answer != .retry { return .failed(error, closed: answer == .close) }
            }
        }
    }
}

/// What ends first while work is in progress.
private enum WorkEvent<Value: Sendable>: Sendable {
    case done(WorkResult<Value>)
    case user(UserAction)
}
