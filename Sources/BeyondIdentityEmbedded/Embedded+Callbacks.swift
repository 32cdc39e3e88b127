public import Foundation

/// The callback forms of the calls in `Embedded+Async.swift`; each runs the `async` form on a new
/// task and delivers its result on ``Embedded/callbackQueue``.
extension Embedded {
    /// Callback form of ``registerCredentials(_:)``.
    public func registerCredentials(_ url: URL, callback: @escaping @Sendable (Result<Credential, BISDKError>) -> Void) {
        deliver(callback) { () async throws(BISDKError) in try await self.registerCredentials(url) }
    }

    /// Callback form of ``createPKCE()``.
    public func createPKCE(callback: @escaping @Sendable (Result<PKCE, BISDKError>) -> Void) {
        let pkce = createPKCE()
        Self.callbackQueue.async { callback(.success(pkce)) }
    }

    /// Callback form of ``authorize(pkceChallenge:scope:onSelectCredential:)``.
    public func authorize(
        pkceChallenge: PKCE.CodeChallenge?, scope: String, onSelectCredential: CredentialSelector? = nil,
        callback: @escaping @Sendable (Result<AuthorizationCode, BISDKError>) -> Void
    ) {
        let select = Self.asynchronous(onSelectCredential)
        deliver(callback) { () async throws(BISDKError) in
            try await self.authorize(pkceChallenge: pkceChallenge, scope: scope, onSelectCredential: select)
        }
    }

    /// Callback form of ``authenticate(onSelectCredential:)``.
    public func authenticate(
        onSelectCredential: CredentialSelector? = nil,
        callback: @escaping @Sendable (Result<TokenResponse, BISDKError>) -> Void
    ) {
        let select = Self.asynchronous(onSelectCredential)
        deliver(callback) { () async throws(BISDKError) in try await self.authenticate(onSelectCredential: select) }
    }

    /// Callback form of ``authenticate(url:onSelectCredential:)``.
    public func authenticate(
        url: URL, onSelectCredential: CredentialSelector? = nil,
        callback: @escaping @Sendable (Result<AuthenticateResponse, BISDKError>) -> Void
    ) {
        let select = Self.asynchronous(onSelectCredential)
        deliver(callback) { () async throws(BISDKError) in
            try await self.authenticate(url: url, onSelectCredential: select)
        }
    }

    /// Callback form of ``getAuthenticationContext(url:)``.
    public func getAuthenticationContext(
        url: URL, callback: @escaping @Sendable (Result<AuthenticationContext, BISDKError>) -> Void
    ) {
        deliver(callback) { () async throws(BISDKError) in try await self.getAuthenticationContext(url: url) }
    }

    /// Callback form of ``declineAuthentication(url:)``.
    public func declineAuthentication(url: URL, callback: @escaping @Sendable (Result<Void, BISDKError>) -> Void) {
        deliver(callback) { () async throws(BISDKError) in try await self.declineAuthentication(url: url) }
    }

    /// Callback form of ``getCredentials()``.
    public func getCredentials(callback: @escaping @Sendable (Result<[Credential], BISDKError>) -> Void) {
        deliver(callback) { () async throws(BISDKError) in try await self.getCredentials() }
    }

    /// Callback form of ``refreshTokens(_:)``.
    public func refreshTokens(
        _ tokens: TokenResponse, callback: @escaping @Sendable (Result<TokenResponse, BISDKError>) -> Void
    ) {
        deliver(callback) { () async throws(BISDKError) in try await self.refreshTokens(tokens) }
    }

    /// Callback form of ``endSession(_:)``.
    public func endSession(_ tokens: TokenResponse, callback: @escaping @Sendable (Result<Void, BISDKError>) -> Void) {
        deliver(callback) { () async throws(BISDKError) in try await self.endSession(tokens) }
    }

    /// Callback form of ``deleteCredential(for:)``.
    public func deleteCredential(
        for handle: Credential.Handle, callback: @escaping @Sendable (Result<Credential, BISDKError>) -> Void
    ) {
        deliver(callback) { () async throws(BISDKError) in try await self.deleteCredential(for: handle) }
    }

    /// Callback form of ``extendCredentials(handles:)``: called once per status, then once with
    /// a failure if the extension fails.
    public func extendCredentials(
        handles: [Credential.Handle], callback: @escaping @Sendable (Result<ExtendCredentialsStatus, BISDKError>) -> Void
    ) {
        let updates = extendCredentials(handles: handles)
        Task {
            do {
                for try await status in updates {
                    Self.callbackQueue.async { callback(.success(status)) }
                }
            } catch {
                let failure = error as? BISDKError ?? .description("\(error)")
                Self.callbackQueue.async { callback(.failure(failure)) }
            }
        }
    }

    /// Callback form of ``cancelExtendCredentials()``.
    public func cancelExtendCredentials(callback: @escaping @Sendable (Result<Void, BISDKError>) -> Void) {
        deliver(callback) { () async throws(BISDKError) in try await self.cancelExtendCredentials() }
    }

    /// Callback form of ``registerCredentials(token:)``.
    public func registerCredentials(
        token: CredentialToken, callback: @escaping @Sendable (Result<[Credential], BISDKError>) -> Void
    ) {
        deliver(callback) { () async throws(BISDKError) in try await self.registerCredentials(token: token) }
    }

    func deliver<T: Sendable>(
        _ callback: @escaping @Sendable (Result<T, BISDKError>) -> Void,
        _ operation: @escaping @Sendable () async throws(BISDKError) -> T
    ) {
        Task {
            let result: Result<T, BISDKError>
            do throws(BISDKError) {
                result = .success(try await operation())
            } catch {
                result = .failure(error)
            }
            Self.callbackQueue.async { callback(result) }
        }
    }

    /// A callback selector as an `async` one, called on ``Embedded/callbackQueue``.
    private static func asynchronous(_ selector: CredentialSelector?) -> AsyncCredentialSelector? {
        guard let selector else { return nil }
        return { credentials in
            await withCheckedContinuation { continuation in
                callbackQueue.async { selector(credentials) { continuation.resume(returning: $0) } }
            }
        }
    }
}
