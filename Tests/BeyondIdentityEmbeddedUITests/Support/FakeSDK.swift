import BeyondIdentityEmbedded
import BeyondIdentityEmbeddedUI
import Foundation
import Synchronization

/// An ``EmbeddedSDK`` whose answers a test sets, recording every call. An answer of `nil`
/// never comes: the call waits until its task is cancelled (a step the user cancels).
final class FakeSDK: EmbeddedSDK {
    /// The answers, in order, per call.
    struct Answers: Sendable {
        var credentials: [Result<[Credential], BISDKError>] = []
        var authenticate: [Result<TokenResponse, BISDKError>?] = []
        var authorize: [Result<AuthorizationCode, BISDKError>] = []
        var register: [Result<Credential, BISDKError>] = []
        var importing: [Result<[Credential], BISDKError>] = []
        var delete: [Result<Credential, BISDKError>?] = []
        /// How ``cancelExtendCredentials()`` ends the running extension: with `.aborted` (`nil`),
        /// or failing with this error (as the SDK does with `.userCancelled` before it has a code).
        var cancelEndsExtensionWith: BISDKError?
        var context: [Result<AuthenticationContext, BISDKError>?] = []
        var approve: [Result<AuthenticateResponse, BISDKError>?] = []
        var decline: [Result<Void, BISDKError>?] = []
        var sendCode: [Result<OtpChallengeResponse, BISDKError>?] = []
        var redeem: [Result<RedeemOtpResponse, BISDKError>?] = []
        var bind: [Result<BindPasskeyResponse, BISDKError>?] = []
        /// The credentials ``authenticate(url:onSelectCredential:)`` offers its selector (none: it asks nothing).
        var approvers: [Credential] = []
    }

    /// A call the UI made.
    enum Call: Hashable, Sendable {
        case getApplicationCredentials, getCredentials
        case authenticate(selected: Credential.Handle?)
        case authorize(challenge: String?, scope: String, selected: Credential.Handle?)
        case register(URL), importing(String), delete(Credential.Handle), extend([Credential.Handle]), cancelExtend
        case getAuthenticationContext(URL), approve(URL, selected: Credential.Handle?), decline(URL)
        case sendCode(URL, email: String), redeem(URL, otp: String), bind(URL)
    }

    private let state: Mutex<(answers: Answers, calls: [Call])>
    private let extensionUpdates: Mutex<AsyncThrowingStream<ExtendCredentialsStatus, any Error>.Continuation?> = Mutex(nil)

    init(_ answers: Answers) {
        state = Mutex((answers, []))
    }

    var calls: [Call] { state.withLock { $0.calls } }

    /// Sends a status to the running extension (or ends it with `error`).
    func extensionSends(_ status: ExtendCredentialsStatus?, error: BISDKError? = nil) {
        extensionUpdates.withLock { updates in
            if let status { updates?.yield(status) }
            if status == nil || error != nil { updates?.finish(throwing: error) }
        }
    }

    private func record<T: Sendable>(_ call: Call, _ answer: (inout Answers) -> T?) -> T? {
        state.withLock {
            $0.calls.append(call)
            return answer(&$0.answers)
        }
    }

    private func answer<T: Sendable>(_ result: Result<T, BISDKError>?) async throws(BISDKError) -> T {
        guard let result else {
            try? await Task.sleep(for: .seconds(86_400))  // waits for cancellation
            throw .userCancelled
        }
        return try result.get()
    }

    private static func next<T>(_ list: inout [T], _ name: String) -> T {
        guard !list.isEmpty else { fatalError("FakeSDK: no answer left for \(name)") }
        return list.removeFirst()
    }

    func getApplicationCredentials() async throws(BISDKError) -> [Credential] {
        try await answer(record(.getApplicationCredentials) { Self.next(&$0.credentials, "credentials") })
    }

    func getCredentials() async throws(BISDKError) -> [Credential] {
        try await answer(record(.getCredentials) { Self.next(&$0.credentials, "credentials") })
    }

    func authenticate(onSelectCredential: AsyncCredentialSelector?) async throws(BISDKError) -> TokenResponse {
        let selected = await onSelectCredential?([])
        return try await answer(record(.authenticate(selected: selected)) { Self.next(&$0.authenticate, "authenticate") } ?? nil)
    }

    func authorize(
        pkceChallenge: PKCE.CodeChallenge?, scope: String, onSelectCredential: AsyncCredentialSelector?
    ) async throws(BISDKError) -> AuthorizationCode {
        let selected = await onSelectCredential?([])
        return try await answer(record(.authorize(challenge: pkceChallenge?.challenge, scope: scope, selected: selected)) {
            Self.next(&$0.authorize, "authorize")
        })
    }

    func registerCredentials(_ url: URL) async throws(BISDKError) -> Credential {
        try await answer(record(.register(url)) { Self.next(&$0.register, "register") })
    }

    func registerCredentials(token: CredentialToken) async throws(BISDKError) -> [Credential] {
        try await answer(record(.importing(token.value)) { Self.next(&$0.importing, "import") })
    }

    func deleteCredential(for handle: Credential.Handle) async throws(BISDKError) -> Credential {
        try await answer(record(.delete(handle)) { Self.next(&$0.delete, "delete") } ?? nil)
    }

    func extendCredentials(handles: [Credential.Handle]) -> AsyncThrowingStream<ExtendCredentialsStatus, any Error> {
        _ = record(.extend(handles)) { _ in () }
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: ExtendCredentialsStatus.self)
        extensionUpdates.withLock { $0 = continuation }
        return stream
    }

    /// True for URLs whose path ends as a sign-in URL's.
    func isAuthenticateUrl(_ url: URL) -> Bool {
        url.path.hasSuffix("/v1/cross-device")
    }

    func getAuthenticationContext(url: URL) async throws(BISDKError) -> AuthenticationContext {
        try await answer(record(.getAuthenticationContext(url)) { Self.next(&$0.context, "context") } ?? nil)
    }

    /// Asks `onSelectCredential` among ``Answers/approvers`` when there are several, as the SDK
    /// does, and fails with `userCancelled` when it chooses none (without taking an answer).
    func authenticate(url: URL, onSelectCredential: AsyncCredentialSelector?) async throws(BISDKError) -> AuthenticateResponse {
        let approvers = state.withLock { $0.answers.approvers }
        var selected: Credential.Handle?
        if approvers.count > 1 {
            selected = await onSelectCredential?(approvers)
            guard selected != nil else {
                _ = record(.approve(url, selected: nil)) { _ in () }
                throw .userCancelled
            }
        }
        return try await answer(record(.approve(url, selected: selected)) { Self.next(&$0.approve, "approve") } ?? nil)
    }

    func declineAuthentication(url: URL) async throws(BISDKError) {
        try await answer(record(.decline(url)) { Self.next(&$0.decline, "decline") } ?? nil)
    }

    func authenticateOtp(url: URL, email: String) async throws(BISDKError) -> OtpChallengeResponse {
        try await answer(record(.sendCode(url, email: email)) { Self.next(&$0.sendCode, "authenticateOtp") } ?? nil)
    }

    func redeemOtp(url: URL, otp: String) async throws(BISDKError) -> RedeemOtpResponse {
        try await answer(record(.redeem(url, otp: otp)) { Self.next(&$0.redeem, "redeemOtp") } ?? nil)
    }

    func bindPasskey(url: URL) async throws(BISDKError) -> BindPasskeyResponse {
        try await answer(record(.bind(url)) { Self.next(&$0.bind, "bindPasskey") } ?? nil)
    }

    func cancelExtendCredentials() async throws(BISDKError) {
        let error = record(.cancelExtend) { $0.cancelEndsExtensionWith } ?? nil
        if let error {
            extensionSends(nil, error: error)
        } else {
            extensionSends(.aborted)
            extensionSends(nil)
        }
    }
}
