import Foundation

/// Everything a flow needs: the configuration given to `Embedded.initialize`, and the
/// collaborators built from it. Immutable and `Sendable`, so flows share it without locks.
struct SDKContext: Sendable {
    /// Text shown when the key store asks for the user's consent (biometry, passphrase).
    let biometricAskPrompt: String
    /// The application's client id; empty when configured with `allowedDomains` (see ``configuredClientID``).
    let clientID: String
    let redirectURI: String
    /// The server: the configured one; with `allowedDomains`, the server of the URL or
    /// credential at hand (``serving(_:)``, ``serving(apiBase:)``).
    private(set) var domain: Domain
    /// The hosts the SDK acts on when configured the 2.x way, with `allowedDomains` and no
    /// application; `nil` when configured with one server and application (the seed's way).
    let allowedDomains: AllowedDomains?
    let keyStore: any KeyStore
    let api: APIClient
    let discovery: Discovery
    /// The current time, injected so tests can check token lifetimes exactly.
    let clock: @Sendable () -> Date
    /// How old credential states may be before they are asked for again.
    let credentialStateMaxAge: TimeInterval
    /// When credential states were last asked for.
    let stateRefresh = StateRefreshSchedule()
    /// Keeps concurrent refreshes of one token to one request.
    let refreshFlights = RefreshFlights()
    /// The DPoP nonces servers handed out, per origin.
    let dpopNonces = DPoPNonces()
    /// The cross-device sign-in context last looked up, for its approval.
    let crossDeviceLookups = CrossDeviceLookups()
    let log: Log

    init(
        biometricAskPrompt: String, clientID: String, redirectURI: String, domain: Domain, keyStore: any KeyStore,
        transport: any HTTPTransport, clock: @escaping @Sendable () -> Date = Date.init,
        credentialStateMaxAge: TimeInterval = 300, allowedDomains: AllowedDomains? = nil,
        logger: (@Sendable (LogLevel, String) -> Void)?
    ) {
        self.biometricAskPrompt = biometricAskPrompt
        self.clientID = clientID
        self.redirectURI = redirectURI
        self.domain = domain
        self.allowedDomains = allowedDomains
        self.keyStore = keyStore
        self.api = APIClient(transport: transport)
        self.discovery = Discovery(api: api, domain: domain, clientID: clientID)
        self.clock = clock
        self.credentialStateMaxAge = credentialStateMaxAge
        self.log = Log(sink: logger)
    }

    /// The client id sign-ins must be for: the configured application's; `nil` when configured
    /// with `allowedDomains`, where an invoke URL reaching the app is what makes it the app's.
    var configuredClientID: String? {
        allowedDomains == nil ? clientID : nil
    }

    /// The context for a call on `url`. Configured with one server: this one (the flows refuse a
    /// URL of another server themselves). With `allowedDomains`: this one pointed at the URL's
    /// server, or ``BISDKError/otherServer(apiBaseURL:)`` when its host is not allowed and
    /// ``BISDKError/invalidLink(_:)`` when the URL names no server; either before any request.
    func serving(_ url: URL) throws(BISDKError) -> SDKContext {
        guard allowedDomains != nil else { return self }
        guard let apiBase = AllowedDomains.apiBase(of: url) else {
            throw .invalidLink("the URL names no identity server (no api_base_url, not a sign-in or enrollment link)")
        }
        return try serving(apiBase: apiBase)
    }

    /// The context for a call to the server at `apiBase` (a credential's): this one if it is
    /// the configured server, or, with `allowedDomains`, this one pointed at it if its host is
    /// allowed; else ``BISDKError/otherServer(apiBaseURL:)``.
    func serving(apiBase: URL) throws(BISDKError) -> SDKContext {
        guard let allowedDomains else {
            guard domain.isBaseURL(apiBase.absoluteString) else { throw .otherServer(apiBaseURL: apiBase.absoluteString) }
            return self
        }
        guard allowedDomains.allows(apiBase) else { throw .otherServer(apiBaseURL: apiBase.absoluteString) }
        var scoped = self
        scoped.domain = Domain(baseURL: apiBase)
        return scoped
    }

    /// The servers whose credentials' states this context may ask for: the configured one, or
    /// with `allowedDomains` each allowed server among `credentials`.
    func servers(of credentials: [Credential]) -> [Domain] {
        guard let allowedDomains else { return [domain] }
        var servers: [Domain] = []
        for credential in credentials where allowedDomains.allows(credential.apiBaseURL) {
            let server = Domain(baseURL: credential.apiBaseURL)
            if !servers.contains(server) { servers.append(server) }
        }
        return servers
    }

    /// Runs a key-store call, reporting foreign errors as ``BISDKError/keyStoreFailure(_:)``.
    func withKeyStore<T>(_ body: (any KeyStore) async throws -> T) async throws -> T {
        do {
            return try await body(keyStore)
        } catch let error as BISDKError {
            throw error
        } catch {
            throw BISDKError.keyStoreFailure("\(error)")
        }
    }
}
