public import Foundation

/// What the button and settings flows need from the app: where support is, and the app's own
/// sign-up and recovery screens (the UI hands over to them; they end with an enrollment email).
public struct BeyondIdentityConfig: Sendable {
    /// The support page (`https:`) or address (`mailto:`) every error screen offers.
    public var supportURL: URL
    /// Shows the app's sign-up screen.
    public var signUpAction: @MainActor @Sendable () -> Void
    /// Shows the app's account-recovery screen.
    public var recoverUserAction: @MainActor @Sendable () -> Void

    /// A configuration.
    public init(
        supportURL: URL, signUpAction: @escaping @MainActor @Sendable () -> Void,
        recoverUserAction: @escaping @MainActor @Sendable () -> Void
    ) {
        self.supportURL = supportURL
        self.signUpAction = signUpAction
        self.recoverUserAction = recoverUserAction
    }
}
