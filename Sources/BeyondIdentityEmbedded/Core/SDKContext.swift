import Foundation

/// Everything a flow needs: the configuration given to `Embedded.initialize`, and the
/// collaborators built from it. Immutable and `Sendable`, so flows share it without locks.
struct SDKContext: Sendable {
    /// Text shown when the key store asks for the user's consent (biometry, passphrase).
    let biometricAskPrompt: String
    let clientID: String
    let redirectURI: String
    let domain: Domain
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
    let log: Log

    init(
        biometricAskPrompt: String, clientID: String, redirectURI: String, domain: Domain, keyStore: any KeyStore,
        transport: any HTTPTransport, clock: @escaping @Sendable () -> Date = Date.init,
        credentialStateMaxAge: TimeInterval = 300, logger: (@Sendable (LogLevel, String) -> Void)?
    ) {
        self.biometricAskPrompt = biometricAskPrompt
        self.clientID = clientID
        self.redirectURI = redirectURI
        self.domain = domain
        self.keyStore = keyStore
        self.api = APIClient(transport: transport)
        self.discovery = Discovery(api: api, domain: domain, clientID: clientID)
        self.clock = clock
        self.credentialStateMaxAge = credentialStateMaxAge
        self.log = Log(sink: logger)
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
