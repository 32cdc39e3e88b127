#if !canImport(UIKit)
/// The seed's one button (on Apple platforms a `UIButton`): its label, and the button flow
/// it starts when pressed.
public struct BeyondIdentityButton: Sendable {
    /// How a successful sign-in is delivered.
    public let authFlowType: AuthFlowType
    /// Support and the app's sign-up and recovery screens.
    public let config: BeyondIdentityConfig
    /// The label.
    public var title = "Continue with passwordless sign-in"

    /// A button.
    public init(authFlowType: AuthFlowType, config: BeyondIdentityConfig) {
        self.authFlowType = authFlowType
        self.config = config
    }

    /// What pressing it does: runs the button flow on `presenter` with `ui` and returns how it ended.
    @discardableResult
    public func press(on presenter: any FlowPresenter, ui: EmbeddedUI = EmbeddedUI()) async -> FlowOutcome {
        await ui.continueWithBeyondIdentity(presenter: presenter, authFlow: authFlowType, config: config)
    }
}
#endif
