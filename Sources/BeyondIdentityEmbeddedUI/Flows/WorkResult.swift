import BeyondIdentityEmbedded

/// How a step shown with a progress screen ended.
enum WorkResult<Value: Sendable>: Sendable {
    /// It completed (possibly just as the user cancelled: what happened is what counts).
    case finished(Value)
    /// It failed.
    case failed(BISDKError)
    /// The user stopped it with this action (``UserAction/cancel`` or ``UserAction/close``),
    /// or the flow's task was cancelled (``UserAction/close``).
    case stopped(UserAction)
}
