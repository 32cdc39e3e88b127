public import BeyondIdentityEmbedded
public import Foundation

/// The calls of the Embedded SDK the UI makes; `Embedded` conforms, tests inject a fake.
public protocol EmbeddedSDK: Sendable {
    /// See `Embedded.getApplicationCredentials()`.
    func getApplicationCredentials() async throws(BISDKError) -> [Credential]
    /// See `Embedded.getCredentials()`.
    func getCredentials() async throws(BISDKError) -> [Credential]
    /// See `Embedded.authenticate(onSelectCredential:)`.
    func authenticate(onSelectCredential: AsyncCredentialSelector?) async throws(BISDKError) -> TokenResponse
    /// See `Embedded.authorize(pkceChallenge:scope:onSelectCredential:)`.
    func authorize(
        pkceChallenge: PKCE.CodeChallenge?, scope: String, onSelectCredential: AsyncCredentialSelector?
    ) async throws(BISDKError) -> AuthorizationCode
    /// See `Embedded.registerCredentials(_:)`.
    func registerCredentials(_ url: URL) async throws(BISDKError) -> Credential
    /// See `Embedded.registerCredentials(token:)`.
    func registerCredentials(token: CredentialToken) async throws(BISDKError) -> [Credential]
    /// See `Embedded.deleteCredential(for:)`.
    func deleteCredential(for handle: Credential.Handle) async throws(BISDKError) -> Credential
    /// See `Embedded.extendCredentials(handles:)`.
    func extendCredentials(handles: [Credential.Handle]) -> AsyncThrowingStream<ExtendCredentialsStatus, any Error>
    /// See `Embedded.cancelExtendCredentials()`.
    func cancelExtendCredentials() async throws(BISDKError)
    /// See `Embedded.isAuthenticateUrl(_:)`.
    func isAuthenticateUrl(_ url: URL) -> Bool
    /// See `Embedded.getAuthenticationContext(url:)`.
    func getAuthenticationContext(url: URL) async throws(BISDKError) -> AuthenticationContext
    /// See `Embedded.authenticate(url:onSelectCredential:)`.
    func authenticate(url: URL, onSelectCredential: AsyncCredentialSelector?) async throws(BISDKError) -> AuthenticateResponse
    /// See `Embedded.declineAuthentication(url:)`.
    func declineAuthentication(url: URL) async throws(BISDKError)
    /// See `Embedded.authenticateOtp(url:email:)`.
    func authenticateOtp(url: URL, email: String) async throws(BISDKError) -> OtpChallengeResponse
    /// See `Embedded.redeemOtp(url:otp:)`.
    func redeemOtp(url: URL, otp: String) async throws(BISDKError) -> RedeemOtpResponse
    /// See `Embedded.bindPasskey(url:)`.
    func bindPasskey(url: URL) async throws(BISDKError) -> BindPasskeyResponse
}

extension Embedded: EmbeddedSDK {}
