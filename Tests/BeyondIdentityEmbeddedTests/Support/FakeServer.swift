@testable import BeyondIdentityEmbedded
import Crypto
import Foundation
import IdentityProtocol
import JWTKit
import SwiftASN1
import Synchronization
import X509

/// An in-memory stand-in for `bi-server`, speaking the device and OIDC protocol of
/// IdentityProtocol through the SDK's transport seam. Tests change its behaviour with the
/// `Mutex`-guarded knobs below.
final class FakeServer: HTTPTransport {
    static let base = "http://127.0.0.1:18080"
    static let issuer = base + "/v1/tenants/t1/realms/r1"
    static let clientID = "app"
    static let redirectURI = "https://app.example/callback"
    static let invokeURL = "https://app.example/invoke"
    /// A sign-in URL a browser on another device shows.
    static let signInURL = base + CrossDeviceAPI.signInURL + "?request=BCDF-GHJK"
    /// The client id of the web application a cross-device sign-in is for (not the SDK's).
    static let webClientID = "web"

    /// What tests may change or read.
    struct State {
        /// Requests received, as `METHOD path`.
        var requests: [String] = []
        /// Answers to send instead of the normal ones, by `METHOD path`.
        var overrides: [String: HTTPResponse] = [:]
        /// Paths that behave as if the server were down.
        var unreachable: Set<String> = []
        /// Transforms the `state` echoed in the client redirect (to simulate a mix-up).
        var echoState: @Sendable (String) -> String = { $0 }
        /// The nonce put in the ID token; `nil` echoes the request's.
        var idTokenNonce: String?
        /// The last authorization request's parameters.
        var authorizeParameters: [String: String] = [:]
        /// Credential ids issued (`active`) or revoked.
        var issued: [String: ServerCredentialState] = [:]
        /// The credential id that signed the last assertion.
        var lastAssertionCredential: String?
        /// The body of the last request, by `METHOD path`.
        var lastBody: [String: Data] = [:]
        var nextCredential = 1
        /// Where a binding sends the user next.
        var postBindingRedirectURI: String?
        /// The host of the continuation URLs of email codes (to simulate a server sending elsewhere).
        var emailCodeBase = FakeServer.base
    }

    let state = Mutex(State())
    let caKey = P256.Signing.PrivateKey()
    let tokenKeys = JWTKeyCollection()
    let tokenKey = ES256PrivateKey()
    let tokenKID = "k1"

    init() async {
        await tokenKeys.add(ecdsa: tokenKey, kid: JWKIdentifier(string: tokenKID))
    }

    /// The JWKS the server publishes.
    var jwks: JWKS {
        let parameters = tokenKey.publicKey.parameters!
        return JWKS(keys: [.ecdsa(.es256, identifier: JWKIdentifier(string: tokenKID), x: parameters.x, y: parameters.y, curve: .p256)])
    }

    var rootCertificate: Certificate {
        get throws {
            let name = try DistinguishedName { CommonName("Fake realm CA") }
            return try Certificate(
                version: .v3, serialNumber: .init(), publicKey: .init(caKey.publicKey),
                notValidBefore: Date(timeIntervalSinceNow: -60), notValidAfter: Date(timeIntervalSinceNow: 3600),
                issuer: name, subject: name, signatureAlgorithm: .ecdsaWithSHA256, extensions: .init(),
                issuerPrivateKey: .init(caKey))
        }
    }

    /// An `SDKContext` using this server and `keyStore`, with a fixed or given clock.
    func context(keyStore: any KeyStore, clock: @escaping @Sendable () -> Date = Date.init) -> SDKContext {
        SDKContext(
            biometricAskPrompt: "Test", clientID: Self.clientID, redirectURI: Self.redirectURI,
            domain: Domain(baseURL: URL(string: Self.base)!), keyStore: keyStore, transport: self, clock: clock,
            logger: nil)
    }

    /// An `SDKContext` configured the 2.x way, for the servers on `allowedDomains`.
    func passkeyContext(keyStore: any KeyStore, allowedDomains: [String] = ["127.0.0.1"]) throws -> SDKContext {
        SDKContext(
            biometricAskPrompt: "Test", clientID: "", redirectURI: "", domain: .local, keyStore: keyStore, transport: self,
            allowedDomains: try AllowedDomains(allowedDomains), logger: nil)
    }

    /// The invoke URL of transaction `tx1`, with an email-code challenge if given.
    static func invoke(challenge: String? = nil, transaction: String = "tx1") -> URL {
        var url = URLComponents(string: invokeURL)!
        url.queryItems = [.init(name: "transaction", value: transaction), .init(name: "api_base_url", value: base)]
            + (challenge.map { [.init(name: EmailCodeAPI.challengeParameter, value: $0)] } ?? [])
        return url.url!
    }

    /// The email code ``send(_:)`` accepts.
    static let emailCode = "123456"

    /// An `Embedded` instance over this server.
    func embedded(keyStore: any KeyStore) -> Embedded {
        Embedded(context: context(keyStore: keyStore))
    }

    func requests() -> [String] { state.withLock { $0.requests } }

    // MARK: HTTPTransport

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let path = request.url.path
        let key = "\(request.method) \(path)"
        let (override, down) = state.withLock { state in
            state.requests.append(key)
            state.lastBody[key] = request.body
            return (state.overrides[key], state.unreachable.contains(path))
        }
        if down { throw BISDKError.serverUnreachable("connection refused") }
        if let override { return override }
        let query = Dictionary(
            (URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems ?? []).map { ($0.name, $0.value ?? "") },
            uniquingKeysWith: { $1 })
        switch key {
        case "GET /v1/clients/app":
            return try Self.json(ClientInfo(clientID: Self.clientID, issuer: Self.issuer, displayName: "App"))
        case "GET /v1/tenants/t1/realms/r1/.well-known/openid-configuration":
            return try Self.json(Self.metadata)
        case "GET /v1/tenants/t1/realms/r1/jwks":
            return try Self.json(jwks)
        case "GET /v1/tenants/t1/realms/r1/authorize":
            state.withLock { $0.authorizeParameters = query }
            var location = URLComponents(string: Self.invokeURL)!
            location.queryItems = [.init(name: "transaction", value: "tx1"), .init(name: "api_base_url", value: Self.base)]
            return HTTPResponse(status: 302, headers: ["location": location.string!])
        case "POST /v1/device/credentials":
            return try bind(try decode(BindCredentialRequest.self, request))
        case "POST /v1/device/authenticate/challenge":
            let body = try decode(AuthenticationChallengeRequest.self, request)
            return try Self.json(AuthenticationChallenge(
                transaction: body.transaction, challenge: "Y2hhbGxlbmdl", issuer: Self.issuer, tenantID: "t1",
                realmID: "r1", clientID: Self.clientID, applicationDisplayName: "App", expiresAt: Date(timeIntervalSinceNow: 300)))
        case "POST /v1/device/authenticate":
            return try authenticate(try decode(AuthenticationAssertion.self, request))
        case "POST \(CrossDeviceAPI.context)":
            return try Self.json(Self.crossDeviceContext)
        case "POST \(CrossDeviceAPI.approve)":
            let approval = try decode(CrossDeviceApproval.self, request)
            guard try verifies(approval.assertion) else {
                return Self.error(400, APIErrorCode.invalidSignature.rawValue, "signature does not verify")
            }
            return try Self.json(CrossDeviceOutcome(state: .approved, message: "Approved. Continue on your other device."))
        case "POST \(CrossDeviceAPI.decline)":
            return try Self.json(CrossDeviceOutcome(state: .declined, message: "Declined. Nobody was signed in."))
        case "POST /v1/device/credentials/status":
            let body = try decode(CredentialStatusRequest.self, request)
            let issued = state.withLock { $0.issued }
            return try Self.json(CredentialStatusResponse(states: Dictionary(
                uniqueKeysWithValues: body.credentialIDs.map { ($0, issued[$0] ?? ServerCredentialState.unknown) })))
        case "POST \(EmailCodeAPI.begin)":
            let body = try decode(EmailCodeRequest.self, request)
            return try Self.json(emailChallenge("ch-1", transaction: body.transaction, attemptsLeft: 5))
        case "POST \(EmailCodeAPI.redeem)":
            let body = try decode(EmailCodeRedemption.self, request)
            guard body.code == Self.emailCode else {
                return try Self.json(EmailCodeOutcome(outcome: .failed, challenge: emailChallenge("ch-2", transaction: "tx1-sealed-again", attemptsLeft: 4)))
            }
            var redirect = URLComponents(string: Self.redirectURI)!
            redirect.queryItems = [.init(name: "code", value: "code-otp"), .init(name: "state", value: "s1")]
            return try Self.json(EmailCodeOutcome(
                outcome: .succeeded, redirectURI: redirect.string!, passkeyBindingToken: body.bindDevice == true ? "pbt-1" : nil))
        case "POST /v1/tenants/t1/realms/r1/token":
            return try await token()
        case "POST /v1/device/credentials/revoke":
            let body = try decode(RevokeCredentialRequest.self, request)
            state.withLock { $0.issued[body.credentialID] = ServerCredentialState.revoked }
            return try Self.json(Self.descriptor(body.credentialID, state: ServerCredentialState.revoked))
        default:
            return Self.error(404, APIErrorCode.notFound.rawValue, "no route \(key)")
        }
    }

    private func emailChallenge(_ id: String, transaction: String, attemptsLeft: Int) -> EmailCodeChallenge {
        var url = URLComponents(string: Self.invokeURL)!
        url.queryItems = [
            .init(name: "transaction", value: transaction), .init(name: "api_base_url", value: state.withLock { $0.emailCodeBase }),
            .init(name: EmailCodeAPI.challengeParameter, value: id),
        ]
        return EmailCodeChallenge(
            url: url.string!, challenge: id, expiresAt: Date(timeIntervalSince1970: 1_800_000_600), attemptsLeft: attemptsLeft)
    }

    static let metadata = ProviderMetadata(
        issuer: issuer, authorizationEndpoint: issuer + "/authorize", tokenEndpoint: issuer + "/token",
        userinfoEndpoint: issuer + "/userinfo", jwksURI: issuer + "/jwks", responseTypesSupported: ["code"],
        subjectTypesSupported: ["public"], idTokenSigningAlgValuesSupported: ["ES256"], scopesSupported: ["openid"],
        tokenEndpointAuthMethodsSupported: ["none"], grantTypesSupported: ["authorization_code"],
        codeChallengeMethodsSupported: ["S256"], claimsSupported: ["sub"])

    static func descriptor(_ id: String, state: ServerCredentialState = .active) -> CredentialDescriptor {
        CredentialDescriptor(
            id: id, tenantID: "t1", tenantDisplayName: "Tenant", realmID: "r1", realmDisplayName: "Realm",
            identityID: "i1", identityUsername: "ada", identityDisplayName: "Ada", state: state,
            createdAt: Date(timeIntervalSince1970: 1_800_000_000))
    }

    static func error(_ status: Int, _ code: String, _ description: String) -> HTTPResponse {
        HTTPResponse(
            status: status, headers: ["content-type": "application/json"],
            body: try! JSONEncoder.identityWire.encode(APIErrorBody(error: code, errorDescription: description)))
    }

    private func bind(_ request: BindCredentialRequest) throws -> HTTPResponse {
        let csr = try CertificateSigningRequest(pemEncoded: request.csr)
        guard csr.publicKey.isValidSignature(csr.signature, for: csr) else {
            return Self.error(400, APIErrorCode.invalidCSR.rawValue, "bad CSR signature")
        }
        let id = state.withLock { state in
            defer { state.nextCredential += 1 }
            let id = "cred-\(state.nextCredential)"
            state.issued[id] = ServerCredentialState.active
            return id
        }
        let root = try rootCertificate
        let leaf = try Certificate(
            version: .v3, serialNumber: .init(), publicKey: csr.publicKey,
            notValidBefore: Date(timeIntervalSinceNow: -60), notValidAfter: Date(timeIntervalSinceNow: 3600),
            issuer: root.subject, subject: try DistinguishedName { CommonName(id) }, signatureAlgorithm: .ecdsaWithSHA256,
            extensions: .init(), issuerPrivateKey: .init(caKey))
        return try Self.json(BindCredentialResponse(
            credential: Self.descriptor(id), certificateChain: [try leaf.serializeAsPEM().pemString, try root.serializeAsPEM().pemString],
            postBindingRedirectURI: state.withLock { $0.postBindingRedirectURI }))
    }

    /// The context of the cross-device sign-in of ``signInURL``: a web application's.
    static let crossDeviceContext = CrossDeviceContext(
        challenge: AuthenticationChallenge(
            transaction: "tx-web", challenge: "Y2hhbGxlbmdl", issuer: issuer, tenantID: "t1", realmID: "r1",
            clientID: webClientID, applicationDisplayName: "Web shop", expiresAt: Date(timeIntervalSinceNow: 120)),
        applicationID: "app-web",
        origin: CrossDeviceOrigin(sourceIP: "203.0.113.7", userAgent: "Firefox/130", geolocation: "Zurich, CH", referer: nil),
        startedAt: Date(timeIntervalSince1970: 1_800_000_000), state: .pending)

    /// Whether the assertion's signature verifies, with its leaf's key, over the message a
    /// device signs for its transaction.
    func verifies(_ assertion: AuthenticationAssertion) throws -> Bool {
        let leaf = try Certificate(pemEncoded: assertion.certificateChain[0])
        let message = SignedMessage.authentication(
            transaction: assertion.transaction, challenge: "Y2hhbGxlbmdl", issuer: Self.issuer, credentialID: assertion.credentialID)
        let signature = try P256.Signing.ECDSASignature(derRepresentation: Data(base64URLEncoded: assertion.signature)!)
        return P256.Signing.PublicKey(leaf.publicKey)!.isValidSignature(signature, for: message)
    }

    private func authenticate(_ assertion: AuthenticationAssertion) throws -> HTTPResponse {
        guard try verifies(assertion) else {
            return Self.error(400, APIErrorCode.invalidSignature.rawValue, "signature does not verify")
        }
        let echoed = state.withLock { state in
            state.lastAssertionCredential = assertion.credentialID
            return state.echoState(state.authorizeParameters["state"] ?? "")
        }
        var redirect = URLComponents(string: Self.redirectURI)!
        redirect.queryItems = [.init(name: "code", value: "code-1"), .init(name: "state", value: echoed)]
        return try Self.json(AuthenticationResult(redirectURI: redirect.string!, message: "Signed in"))
    }

    private func token() async throws -> HTTPResponse {
        let nonce = state.withLock { $0.idTokenNonce ?? $0.authorizeParameters["nonce"] }
        let idToken = try await signIDToken(TestIDToken(nonce: nonce))
        return try Self.json(TokenEndpointResponse(
            accessToken: "access-1", tokenType: "Bearer", expiresIn: 3600, idToken: idToken, scope: "openid"))
    }

    /// Signs `claims` with the published key.
    func signIDToken(_ claims: TestIDToken) async throws -> String {
        try await tokenKeys.sign(claims, kid: JWKIdentifier(string: tokenKID))
    }

    /// A `200` with `value` as JSON.
    static func json(_ value: some Encodable) throws -> HTTPResponse {
        HTTPResponse(status: 200, headers: ["content-type": "application/json"], body: try JSONEncoder.identityWire.encode(value))
    }

    private func decode<T: Decodable>(_ type: T.Type, _ request: HTTPRequest) throws -> T {
        try JSONDecoder.identityWire.decode(type, from: request.body ?? Data())
    }
}

/// ID token claims as a test issues them; every claim can be changed.
struct TestIDToken: JWTPayload {
    var iss = FakeServer.issuer
    var sub = "i1"
    var aud = [FakeServer.clientID]
    var azp: String? = FakeServer.clientID
    var exp = Date().addingTimeInterval(300)
    var iat = Date()
    var nonce: String?

    func verify(using algorithm: some JWTAlgorithm) async throws {}
}
