/// Where a screen of a flow over the device's credentials leads.
enum FlowStep: Sendable {
    /// The flow is over, with this outcome.
    case ended(FlowOutcome)
    /// Read the credentials again and show them (one was added, replaced, deleted or found unusable).
    case reload
}
