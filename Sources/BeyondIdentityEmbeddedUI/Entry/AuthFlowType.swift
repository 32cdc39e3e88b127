public import BeyondIdentityEmbedded

/// How the UI signs the user in once a credential is chosen, and where the result goes.
public enum AuthFlowType: Sendable {
    /// A confidential client: stop at the authorization code, which the app's backend
    /// exchanges (`Embedded.authorize(pkceChallenge:scope:onSelectCredential:)`).
    case authorize(pkce: PKCE.CodeChallenge?, scope: String, callback: @MainActor @Sendable (AuthorizationCode) -> Void)
    /// A public client: code exchange and ID token check inside the SDK
    /// (`Embedded.authenticate(onSelectCredential:)`).
    case authenticate(callback: @MainActor @Sendable (TokenResponse) -> Void)
}
