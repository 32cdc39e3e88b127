public import Foundation

/// What ``registerCredentialAndLogin(window:url:config:completion:)`` needs: how to sign in
/// once the credential is registered, and the ways out of an error.
public struct RegisterConfig: Sendable {
    /// How to sign in with the new credential.
    public var authFlowType: AuthFlowType
    /// The support page or address error screens offer.
    public var supportURL: URL
    /// Shows the app's account-recovery screen (offered when the link no longer works).
    public var recoverUserAction: @MainActor @Sendable () -> Void

    /// A configuration.
    public init(
        authFlowType: AuthFlowType, supportURL: URL, recoverUserAction: @escaping @MainActor @Sendable () -> Void
    ) {
        self.authFlowType = authFlowType
        self.supportURL = supportURL
        self.recoverUserAction = recoverUserAction
    }
}
