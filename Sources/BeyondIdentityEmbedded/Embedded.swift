public import Dispatch
public import Foundation
import Synchronization

/// The SDK's entry point: configure it once with ``initialize(biometricAskPrompt:clientID:domain:redirectURI:keyStore:credentialStateMaxAge:logger:)``,
/// then call ``shared``.
///
/// ```swift
/// Embedded.initialize(biometricAskPrompt: "Sign in", clientID: clientID, redirectURI: redirectURI)
/// let credential = try await Embedded.shared.registerCredentials(enrollmentLink)
/// let tokens = try await Embedded.shared.authenticate()
/// ```
///
/// Every call exists twice: `async throws(BISDKError)`, and with a `callback` that receives a
/// `Result<_, BISDKError>` on ``callbackQueue``. Calls are safe from any thread and do not wait
/// for one another: each runs on its own task over an immutable snapshot of the configuration,
/// and the only shared mutable state (discovery caches, the key store) lives in actors.
///
/// For several independent configurations in one process (tests, a CLI simulating several
/// devices) create instances with ``init(biometricAskPrompt:clientID:domain:redirectURI:keyStore:credentialStateMaxAge:logger:)``.
///
/// A credential moves to another device with ``extendCredentials(handles:)`` on the first and
/// ``registerCredentials(token:)`` on the second; unlike the original SDK, other calls keep
/// working while an extension runs.
public final class Embedded: Sendable {
    /// The instance configured by ``initialize(biometricAskPrompt:clientID:domain:redirectURI:keyStore:credentialStateMaxAge:logger:)``.
    /// Until then its calls fail with ``BISDKError/description(_:)``.
    public static let shared = Embedded(context: nil)

    /// Where callbacks (and ``CredentialSelector`` calls) are delivered: the main queue on Apple
    /// platforms; on Linux, where the main queue only runs if the app calls `dispatchMain()`, a
    /// serial queue of the SDK, so a command-line program that waits on the main thread does not deadlock.
    public static let callbackQueue: DispatchQueue = {
        #if canImport(Darwin)
        DispatchQueue.main
        #else
        DispatchQueue(label: "BeyondIdentityEmbedded.callbacks")
        #endif
    }()

    private let context: Mutex<SDKContext?>
    /// The extension this instance is running, if any.
    let extensions = ExtensionRegistry()

    init(context: SDKContext?) {
        self.context = Mutex(context)
    }

    /// An independent, configured instance; the parameters are those of
    /// ``initialize(biometricAskPrompt:clientID:domain:redirectURI:keyStore:credentialStateMaxAge:logger:)``.
    public convenience init(
        biometricAskPrompt: String, clientID: String, domain: Domain = .local, redirectURI: String,
        keyStore: any KeyStore = PlatformKeyStore.make(), credentialStateMaxAge: TimeInterval = 300,
        logger: (@Sendable (LogLevel, String) -> Void)? = nil
    ) {
        self.init(context: SDKContext(
            biometricAskPrompt: biometricAskPrompt, clientID: clientID, redirectURI: redirectURI, domain: domain,
            keyStore: keyStore, transport: URLSessionTransport(), credentialStateMaxAge: credentialStateMaxAge,
            logger: logger))
    }

    /// Configures ``shared``; call it before any other call (again to change the configuration:
    /// calls already running finish with the old one).
    ///
    /// - Parameters:
    ///   - biometricAskPrompt: Shown when the key store asks the user's consent to use a key
    ///     (biometry on Apple devices; the ``FileKeyStore`` passphrase prompt on Linux).
    ///   - clientID: The application's OIDC client id (public for ``authenticate(onSelectCredential:)``,
    ///     confidential for ``authorize(pkceChallenge:scope:onSelectCredential:)``).
    ///   - domain: The identity server; the SDK talks to no other and refuses links of other servers.
    ///     `Domain(baseURL:)` points it at any server, for example one on a random loopback port.
    ///   - redirectURI: The client's registered redirect URI.
    ///   - keyStore: Where credentials are kept; by default ``PlatformKeyStore/make()``: the Secure
    ///     Enclave on iOS and macOS, ``FileKeyStore/applicationSupport()`` elsewhere.
    ///   - credentialStateMaxAge: How old (in seconds) the credentials' states may be before
    ///     ``getCredentials()`` or an authentication asks the server for them again.
    ///   - logger: Receives the SDK's log messages (never secrets), on any thread.
    public static func initialize(
        biometricAskPrompt: String, clientID: String, domain: Domain = .local, redirectURI: String,
        keyStore: any KeyStore = PlatformKeyStore.make(), credentialStateMaxAge: TimeInterval = 300,
        logger: (@Sendable (LogLevel, String) -> Void)? = nil
    ) {
        shared.configure(SDKContext(
            biometricAskPrompt: biometricAskPrompt, clientID: clientID, redirectURI: redirectURI, domain: domain,
            keyStore: keyStore, transport: URLSessionTransport(), credentialStateMaxAge: credentialStateMaxAge,
            logger: logger))
    }

    /// Replaces the configuration (tests use it to inject a transport and a clock).
    func configure(_ context: SDKContext) {
        self.context.withLock { $0 = context }
    }

    /// The current configuration, if any.
    var currentContext: SDKContext? {
        context.withLock { $0 }
    }

    /// Runs a call of the configured application with the current configuration, reporting
    /// every failure as a ``BISDKError``. Refused (before any request) when the SDK was
    /// initialized the 2.x way, with `allowedDomains`, which names no application.
    func perform<T>(_ body: (SDKContext) async throws -> T) async throws(BISDKError) -> T {
        try await performOnAnyServer { context in
            guard context.allowedDomains == nil else { throw BISDKError.description(Self.needsApplication) }
            return try await body(context)
        }
    }

    /// Runs a call on `url` with the current configuration pointed at the URL's server
    /// (``SDKContext/serving(_:)``: with `allowedDomains`, a server on a host not allowed is
    /// refused before any request).
    func perform<T>(serving url: URL, _ body: (SDKContext) async throws -> T) async throws(BISDKError) -> T {
        try await performOnAnyServer { try await body(try $0.serving(url)) }
    }

    /// Runs a call that finds its servers itself (the stored credentials' own), with the
    /// current configuration, reporting every failure as a ``BISDKError``.
    func performOnAnyServer<T>(_ body: (SDKContext) async throws -> T) async throws(BISDKError) -> T {
        guard let context = currentContext else {
            throw .description("Embedded.initialize(...) has not been called")
        }
        return try await Self.reporting { try await body(context) }
    }

    /// Why a call of the configured application fails on an SDK initialized with `allowedDomains`.
    static let needsApplication = "this call needs an application: initialize the SDK with "
        + "Embedded.initialize(biometricAskPrompt:clientID:domain:redirectURI:), not with allowedDomains"

    /// Runs `body`, reporting every failure as a ``BISDKError``.
    static func reporting<T>(_ body: () async throws -> T) async throws(BISDKError) -> T {
        do {
            return try await body()
        } catch let error as BISDKError {
            throw error
        } catch is CancellationError {
            throw .userCancelled
        } catch {
            throw .description(String(describing: error))
        }
    }
}
