public import Foundation

extension Embedded {
    /// Registers a credential from an enrollment (registration or recovery) link.
    ///
    /// Accepts the registration redirect the app receives (`…?api_base_url=B&token=T`, where `B`
    /// must be the configured server) or the email link itself (`{server}/v1/bind?token=T`, whose
    /// token the SDK reads directly, without requesting the link). Creates a P-256 key in the key
    /// store, has the server certify it, and stores key, chain and metadata together; on any
    /// failure nothing is stored.
    public func registerCredentials(_ url: URL) async throws(BISDKError) -> Credential {
        try await perform(serving: url) { try await Registration(context: $0).run(url) }
    }

    /// A fresh PKCE verifier and its `S256` challenge (RFC 7636); never fails.
    public func createPKCE() -> PKCE {
        PKCE()
    }

    /// Runs the authorization-code flow for a confidential client and stops at the code, which
    /// the app's backend exchanges. Checks that the response's `state` is the one sent.
    ///
    /// - Parameters:
    ///   - pkceChallenge: Sent as `code_challenge` if given; the backend then sends the verifier.
    ///   - scope: The space-separated scopes to request, for example `"openid"`.
    ///   - onSelectCredential: Chooses when several credentials fit.
    public func authorize(
        pkceChallenge: PKCE.CodeChallenge?, scope: String, onSelectCredential: AsyncCredentialSelector? = nil
    ) async throws(BISDKError) -> AuthorizationCode {
        try await perform {
            try await Authorization(context: $0)
                .run(codeChallenge: pkceChallenge, scope: scope, select: onSelectCredential).code
        }
    }

    /// Signs the user in as a public client: authorization code with PKCE and scope `openid`,
    /// code exchange, and the ID token verified (ES256 signature by a key of the issuer's JWKS,
    /// `iss`, `aud`, `azp`, `nonce`, `exp`, `iat`).
    public func authenticate(onSelectCredential: AsyncCredentialSelector? = nil) async throws(BISDKError) -> TokenResponse {
        try await perform { context in
            let pkce = PKCE()
            let grant = try await Authorization(context: context)
                .run(codeChallenge: pkce.codeChallenge, scope: "openid", select: onSelectCredential)
            return try await TokenExchange(context: context).run(grant, codeVerifier: pkce.codeVerifier)
        }
    }

    /// Renews a sign-in with the refresh token of `tokens`: a new access token, ID token and
    /// refresh token (the one given is spent). Single-flight: callers that refresh the same
    /// tokens at once share one request, and a caller holding tokens this SDK has already
    /// refreshed gets that refresh's result, so the server never sees a refresh token twice
    /// (which would end the session). Throws ``BISDKError/sessionEnded(_:)`` when the session
    /// is over: sign in again.
    public func refreshTokens(_ tokens: TokenResponse) async throws(BISDKError) -> TokenResponse {
        try await perform { try await TokenRefresh(context: $0).run(tokens) }
    }

    /// Signs out at the server: ends the session `tokens` belong to, its refresh token and every
    /// access token it issued (token revocation, then RP-initiated logout with the ID token).
    public func endSession(_ tokens: TokenResponse) async throws(BISDKError) {
        try await perform { try await SessionEnd(context: $0).run(tokens) }
    }

    /// Whether `url` is an authenticate URL of the configured server (initialized with
    /// `allowedDomains`: of a server on an allowed host), which
    /// ``authenticate(url:onSelectCredential:)`` accepts: an invoke URL
    /// (`?transaction=…&api_base_url=…`, the browser is on this device), or a sign-in URL
    /// (`{server}/v1/cross-device?request=…`, shown by a browser on another device, as a QR code
    /// or text; see ``getAuthenticationContext(url:)``).
    public func isAuthenticateUrl(_ url: URL) -> Bool {
        guard let context = try? currentContext?.serving(url) else { return false }
        return (try? InvokeURL.transaction(from: url, server: context.domain)) != nil
            || (try? SignInURL.code(from: url, server: context.domain)) != nil
    }

    /// Authenticates the user for the sign-in an authenticate URL names, with a credential of
    /// its realm (`onSelectCredential` chooses when several fit).
    ///
    /// - For an invoke URL: signs its challenge and returns where to send the user next (the
    ///   client's redirect URI with `code` and `state`).
    /// - For a sign-in URL of another device: approves that sign-in (show the user
    ///   ``getAuthenticationContext(url:)`` first); the browser that showed the URL then
    ///   continues on its own. The response has ``AuthenticateResponse/continuesOnOtherDevice``
    ///   set, the sign-in URL as its ``AuthenticateResponse/redirectURL`` (open nothing) and
    ///   "Continue on your other device" as its message. Unlike an invoke URL, the sign-in may
    ///   be for any application of the credential's realm, not only the configured client.
    ///
    /// A URL of another server is refused with ``BISDKError/otherServer(apiBaseURL:)`` before
    /// any request.
    public func authenticate(
        url: URL, onSelectCredential: AsyncCredentialSelector? = nil
    ) async throws(BISDKError) -> AuthenticateResponse {
        try await authenticate(url: url, choosing: .asking(onSelectCredential))
    }

    /// What to show the user before approving a sign-in URL (one that a browser on another
    /// device shows): the application, when the sign-in started, and the browser's address,
    /// user agent, coarse place and referer. Approve with ``authenticate(url:onSelectCredential:)``,
    /// decline with ``declineAuthentication(url:)``; approving next uses this lookup rather than
    /// asking the server again (the server limits how often a sign-in's context is looked up).
    ///
    /// Fails with ``BISDKError/invalidLink(_:)`` for an invoke URL (its browser is on this
    /// device: there is nothing to check), ``BISDKError/otherServer(apiBaseURL:)`` (before any
    /// request) for a URL of another server, and ``BISDKError/crossDeviceFailed(_:)`` when the
    /// sign-in is unknown, expired or already decided.
    public func getAuthenticationContext(url: URL) async throws(BISDKError) -> AuthenticationContext {
        try await perform(serving: url) { try await CrossDeviceSignIn(context: $0).authenticationContext(of: url) }
    }

    /// Declines the sign-in a sign-in URL names: the browser on the other device that showed it
    /// says so, and nobody is signed in.
    public func declineAuthentication(url: URL) async throws(BISDKError) {
        try await perform(serving: url) { try await CrossDeviceSignIn(context: $0).decline(url) }
    }

    /// The credentials in the key store, oldest first, with their states as the server last
    /// reported them: asked again at most every `credentialStateMaxAge` seconds (and after an
    /// authentication refused for a revoked credential or an inactive identity), so this is
    /// usually a local read. When the server cannot be reached, the last known states are returned.
    public func getCredentials() async throws(BISDKError) -> [Credential] {
        try await performOnAnyServer { try await CredentialStates(context: $0).current() }
    }

    /// The credentials that can sign in to the configured application (those of its realm on
    /// the configured server), oldest first, in any state, refreshed as ``getCredentials()``
    /// refreshes them. When the server cannot be reached to learn the application's realm,
    /// every credential of the configured server is returned.
    public func getApplicationCredentials() async throws(BISDKError) -> [Credential] {
        try await perform { try await ApplicationCredentials(context: $0).current() }
    }

    /// Revokes a credential on the server, then removes its key and chain from this device.
    ///
    /// If the server cannot be reached the credential is kept and
    /// ``BISDKError/serverUnreachable(_:)`` is thrown. Returns the removed credential, in state
    /// ``CredentialState/deviceDeleted``.
    public func deleteCredential(for handle: Credential.Handle) async throws(BISDKError) -> Credential {
        try await performOnAnyServer { try await Deletion(context: $0).run(handle) }
    }

    /// Answers an invoke URL or approves a sign-in URL with the credential `choice` picks: what
    /// both generations' `authenticate(url:…)` do.
    func authenticate(url: URL, choosing choice: CredentialChoice) async throws(BISDKError) -> AuthenticateResponse {
        try await perform(serving: url) { context in
            if SignInURL.isSignInURL(url) {
                return try await CrossDeviceSignIn(context: context).approve(url, choosing: choice)
            }
            return try await DeviceAuthentication(context: context).run(url, choosing: choice)
        }
    }
}
