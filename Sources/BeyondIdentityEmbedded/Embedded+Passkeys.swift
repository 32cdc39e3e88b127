public import Foundation

/// The vendor's 2.x API (bi-sdk-swift 2.x), beside the seed's: the same credentials, named
/// passkeys, and the same server. Initialized with ``initialize(allowedDomains:biometricAskPrompt:keyStore:credentialStateMaxAge:logger:)``,
/// the SDK has no single server and no application: each call's server comes from its URL (or
/// from the passkey's ``Passkey/apiBaseUrl``), and must be on an allowed host, or the call is
/// refused before any request. The seed's calls that need an application (``authorize(pkceChallenge:scope:onSelectCredential:)``,
/// ``authenticate(onSelectCredential:)``, tokens, extension) then fail; its calls on URLs and
/// credentials work with either initialization.
///
/// ```swift
/// try await Embedded.initialize(allowedDomains: ["id.example.com"], biometricAskPrompt: "Sign in")
/// let bound = try await Embedded.shared.bindPasskey(url: bindingLink)
/// let response = try await Embedded.shared.authenticate(url: invokeURL, id: bound.passkey.id)
/// ```
extension Embedded {
    /// Configures ``shared`` the 2.x way: for the servers on `allowedDomains`, with no
    /// application (calls to an application's URLs need no client id: the URL reaching the app
    /// is what makes the sign-in its own).
    ///
    /// - Parameters:
    ///   - allowedDomains: The hosts of the servers the SDK acts on; a subdomain of one is
    ///     allowed too. `nil` or empty allows only this machine's loopback server (the seed's
    ///     default ``Domain/local``). Plain `http` is accepted only for loopback hosts.
    ///   - biometricAskPrompt: Shown when the key store asks the user's consent to use a key.
    ///   - keyStore: Where passkeys are kept, as for the seed's `initialize`: the same store
    ///     holds the seed's credentials.
    ///   - credentialStateMaxAge: How old (in seconds) passkeys' states may be before they are
    ///     asked for again.
    ///   - logger: Receives the SDK's log messages (never secrets), on any thread.
    /// - Throws: ``BISDKError/description(_:)`` for an entry of `allowedDomains` that is not a
    ///   host name (a scheme, port or path); the configuration is then unchanged.
    public static func initialize(
        allowedDomains: [String]? = nil, biometricAskPrompt: String,
        keyStore: any KeyStore = PlatformKeyStore.make(), credentialStateMaxAge: TimeInterval = 300,
        logger: (@Sendable (LogLevel, String) -> Void)? = nil
    ) async throws(BISDKError) {
        shared.configure(try passkeyContext(
            allowedDomains: allowedDomains, biometricAskPrompt: biometricAskPrompt, keyStore: keyStore,
            credentialStateMaxAge: credentialStateMaxAge, logger: logger))
    }

    /// Callback form of ``initialize(allowedDomains:biometricAskPrompt:keyStore:credentialStateMaxAge:logger:)``.
    public static func initialize(
        allowedDomains: [String]? = nil, biometricAskPrompt: String,
        keyStore: any KeyStore = PlatformKeyStore.make(), credentialStateMaxAge: TimeInterval = 300,
        logger: (@Sendable (LogLevel, String) -> Void)? = nil,
        callback: @escaping @Sendable (Result<Void, BISDKError>) -> Void
    ) {
        let result = Result { () throws(BISDKError) in
            shared.configure(try passkeyContext(
                allowedDomains: allowedDomains, biometricAskPrompt: biometricAskPrompt, keyStore: keyStore,
                credentialStateMaxAge: credentialStateMaxAge, logger: logger))
        }
        callbackQueue.async { callback(result) }
    }

    /// An independent instance configured the 2.x way; the parameters are those of
    /// ``initialize(allowedDomains:biometricAskPrompt:keyStore:credentialStateMaxAge:logger:)``.
    public convenience init(
        allowedDomains: [String]?, biometricAskPrompt: String, keyStore: any KeyStore = PlatformKeyStore.make(),
        credentialStateMaxAge: TimeInterval = 300, logger: (@Sendable (LogLevel, String) -> Void)? = nil
    ) throws(BISDKError) {
        self.init(context: try Self.passkeyContext(
            allowedDomains: allowedDomains, biometricAskPrompt: biometricAskPrompt, keyStore: keyStore,
            credentialStateMaxAge: credentialStateMaxAge, logger: logger))
    }

    private static func passkeyContext(
        allowedDomains: [String]?, biometricAskPrompt: String, keyStore: any KeyStore,
        credentialStateMaxAge: TimeInterval, logger: (@Sendable (LogLevel, String) -> Void)?
    ) throws(BISDKError) -> SDKContext {
        // No server of its own: `domain` is only a default every call replaces with its URL's.
        SDKContext(
            biometricAskPrompt: biometricAskPrompt, clientID: "", redirectURI: "", domain: .local, keyStore: keyStore,
            transport: URLSessionTransport(), credentialStateMaxAge: credentialStateMaxAge,
            allowedDomains: try AllowedDomains(allowedDomains), logger: logger)
    }

    /// Whether `url` is a link that binds a passkey to this device, of the configured server
    /// (initialized with `allowedDomains`: of a server on an allowed host): the enrollment email's
    /// link (`{server}/v1/bind?token=…`) or the registration redirect (`…?api_base_url=…&token=…`).
    public func isBindPasskeyUrl(_ url: URL) -> Bool {
        guard let context = try? currentContext?.serving(url) else { return false }
        return (try? EnrollmentLink.bindingToken(from: url, server: context.domain)) != nil
    }

    /// Binds a passkey to this device from a bind passkey URL (``isBindPasskeyUrl(_:)``), as
    /// ``registerCredentials(_:)`` registers a credential, and says where the binding job sends
    /// the user next.
    public func bindPasskey(url: URL) async throws(BISDKError) -> BindPasskeyResponse {
        try await perform(serving: url) { context in
            let (credential, redirect) = try await Registration(context: context).bind(url)
            return BindPasskeyResponse(passkey: Passkey(credential), postBindingRedirectUri: redirect.flatMap(URL.init(string:)))
        }
    }

    /// The passkeys on this device, oldest first: the key store's credentials
    /// (``getCredentials()``), with their states refreshed as that refreshes them.
    public func getPasskeys() async throws(BISDKError) -> [Passkey] {
        try await getCredentials().map(Passkey.init)
    }

    /// Revokes a passkey on its server and removes it from this device, as
    /// ``deleteCredential(for:)`` does; an id no passkey on this device has is not an error
    /// (nothing is deleted). Deleting the last passkey of a user leaves them to sign in with an
    /// email code or recover.
    public func deletePasskey(for id: Passkey.Id) async throws(BISDKError) {
        do {
            _ = try await deleteCredential(for: Credential.Handle(id.value))
        } catch .credentialNotFound {
            currentContext?.log(.info, "deletion: no passkey \(id.value) on this device")
        }
    }

    /// Authenticates the sign-in an authenticate URL names (``isAuthenticateUrl(_:)``) with the
    /// passkey `id`, as ``authenticate(url:onSelectCredential:)`` does with the credential the
    /// user chose: ``BISDKError/credentialNotFound`` if that passkey is not one of the sign-in's realm.
    public func authenticate(url: URL, id: Passkey.Id) async throws(BISDKError) -> AuthenticateResponse {
        try await authenticate(url: url, choosing: .exactly(Credential.Handle(id.value)))
    }

    /// Asks the server to mail a one-time code to `email` for the sign-in an invoke URL names:
    /// the way in for a device without a passkey (a lost or new phone). The server answers the
    /// same whether or not the address is a user's of the realm; the response's
    /// ``OtpChallengeResponse/url`` goes to ``redeemOtp(url:otp:)`` with the code the user types.
    /// Call it again with that URL to send a new code.
    ///
    /// Fails with ``BISDKError/emailCodeFailed(_:)`` when the application does not offer email
    /// codes or too many were asked for.
    public func authenticateOtp(url: URL, email: String) async throws(BISDKError) -> OtpChallengeResponse {
        try await perform(serving: url) { try await EmailCodeSignIn(context: $0).begin(url, email: email) }
    }

    /// Redeems the code the user typed for the challenge of `url` (an ``OtpChallengeResponse/url``).
    /// A right code completes the sign-in: ``RedeemOtpResponse/success(_:)``, whose response
    /// carries a ``AuthenticateResponse/passkeyBindingToken`` when this device has no passkey of
    /// the realm and the application lets an email code bind one. A wrong one gives
    /// ``RedeemOtpResponse/failedOtp(_:)`` with the URL to try again with.
    ///
    /// Fails with ``BISDKError/emailCodeFailed(_:)`` when the code expired or too many wrong
    /// codes were tried, and ``BISDKError/unmetAuthenticationRequirements(_:)`` when the
    /// application asked for more than an email code gives (a device key).
    public func redeemOtp(url: URL, otp: String) async throws(BISDKError) -> RedeemOtpResponse {
        try await perform(serving: url) { try await EmailCodeSignIn(context: $0).redeem(url, code: otp) }
    }
}
