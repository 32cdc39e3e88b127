@testable import BeyondIdentityEmbedded
import Foundation
import IdentityProtocol
import Synchronization
import Testing

@Suite struct FlowTests {
    let directory = temporaryDirectory()
    let enrollmentLink = URL(string: "https://app.example/register?api_base_url=\(FakeServer.base)&token=bind-1")!
    let invokeURL = URL(string: "\(FakeServer.invokeURL)?transaction=tx1&api_base_url=\(FakeServer.base)")!

    func setUp() async -> (FakeServer, Embedded, FileKeyStore) {
        let server = await FakeServer()
        let store = FileKeyStore(directory: directory)
        return (server, server.embedded(keyStore: store), store)
    }

    // MARK: Registration

    @Test func registrationStoresTheIssuedCredential() async throws {
        let (_, embedded, store) = await setUp()
        let credential = try await embedded.registerCredentials(enrollmentLink)
        #expect(credential.handle == Credential.Handle("cred-1"))
        #expect(credential.state == .active)
        #expect(credential.chain.count == 2)
        #expect(credential.identityUsername == "ada")
        #expect(Data(base64Encoded: credential.rootFingerprint)?.count == 32)
        #expect(try await store.credentials() == [credential])
        #expect(try await embedded.getCredentials() == [credential])
    }

    @Test func registrationStoresNothingWhenTheServerRefuses() async throws {
        let (server, embedded, store) = await setUp()
        server.state.withLock {
            $0.overrides["POST /v1/device/credentials"] = FakeServer.error(400, APIErrorCode.invalidBindingToken.rawValue, "used")
        }
        await #expect(throws: BISDKError.invalidBindingToken("used")) { try await embedded.registerCredentials(enrollmentLink) }
        #expect(try await store.credentials().isEmpty)
        #expect(!FileManager.default.fileExists(atPath: directory.path))
    }

    @Test func registrationRefusesAChainForAnotherKey() async throws {
        let (server, embedded, store) = await setUp()
        // A genuine response, but for a CSR of another device.
        let other = FileKeyStore(directory: temporaryDirectory())
        _ = try await server.embedded(keyStore: other).registerCredentials(enrollmentLink)
        let chain = try await other.credentials()[0].chain
        server.state.withLock {
            $0.overrides["POST /v1/device/credentials"] = try! FakeServer.json(BindCredentialResponse(
                credential: FakeServer.descriptor("cred-9"), certificateChain: chain, postBindingRedirectURI: nil))
        }
        await #expect(throws: BISDKError.invalidServerResponse("the certificate chain does not certify this device's key")) {
            try await embedded.registerCredentials(enrollmentLink)
        }
        #expect(try await store.credentials().isEmpty)
    }

    @Test func registrationRefusesAnotherServersLinkWithoutCallingIt() async throws {
        let (server, embedded, _) = await setUp()
        let link = URL(string: "https://app.example/register?api_base_url=https://evil.example&token=bind-1")!
        await #expect(throws: BISDKError.otherServer(apiBaseURL: "https://evil.example")) {
            try await embedded.registerCredentials(link)
        }
        #expect(server.requests().isEmpty)
    }

    // MARK: Authentication

    @Test func authenticateRunsPKCEAndVerifiesTheIDToken() async throws {
        let (server, embedded, _) = await setUp()
        _ = try await embedded.registerCredentials(enrollmentLink)
        let tokens = try await embedded.authenticate()
        #expect(tokens.accessToken == AccessToken(value: "access-1", type: "Bearer", expiresIn: 3600, scope: "openid"))
        let parameters = server.state.withLock { $0.authorizeParameters }
        #expect(parameters["code_challenge_method"] == "S256")
        #expect(parameters["scope"] == "openid")
        #expect(parameters["redirect_uri"] == FakeServer.redirectURI)
        #expect(tokens.description.contains("access-1"))
    }

    @Test func authenticateRejectsATokenForAnotherNonce() async throws {
        let (server, embedded, _) = await setUp()
        _ = try await embedded.registerCredentials(enrollmentLink)
        server.state.withLock { $0.idTokenNonce = "replayed" }
        await #expect(throws: BISDKError.invalidIDToken(.nonceMismatch)) { try await embedded.authenticate() }
    }

    @Test func authenticateReportsATokenEndpointError() async throws {
        let (server, embedded, _) = await setUp()
        _ = try await embedded.registerCredentials(enrollmentLink)
        server.state.withLock {
            $0.overrides["POST /v1/tenants/t1/realms/r1/token"] = FakeServer.error(400, "invalid_grant", "code already used")
        }
        await #expect(throws: BISDKError.authorizationFailed(code: "invalid_grant", description: "code already used")) {
            try await embedded.authenticate()
        }
    }

    @Test func authorizeReturnsTheCodeAndChecksState() async throws {
        let (server, embedded, _) = await setUp()
        _ = try await embedded.registerCredentials(enrollmentLink)
        let challenge = PKCE().codeChallenge
        #expect(try await embedded.authorize(pkceChallenge: challenge, scope: "openid email") == AuthorizationCode(value: "code-1"))
        #expect(server.state.withLock { $0.authorizeParameters["code_challenge"] } == challenge.challenge)

        server.state.withLock { $0.echoState = { $0 + "-tampered" } }
        await #expect(throws: BISDKError.stateMismatch) { try await embedded.authorize(pkceChallenge: nil, scope: "openid") }
    }

    @Test func authorizeReportsAnErrorRedirect() async throws {
        let server = await FakeServer()
        let embedded = Embedded(context: SDKContext(
            biometricAskPrompt: "Test", clientID: FakeServer.clientID, redirectURI: FakeServer.redirectURI,
            domain: Domain(baseURL: URL(string: FakeServer.base)!), keyStore: FileKeyStore(directory: directory),
            transport: ErrorRedirectServer(inner: server), logger: nil))
        await #expect(throws: BISDKError.authorizationFailed(code: "invalid_scope", description: "no such scope")) {
            try await embedded.authorize(pkceChallenge: nil, scope: "bogus")
        }
    }

    @Test func authorizeReportsAnUnknownClient() async throws {
        let (server, embedded, _) = await setUp()
        server.state.withLock {
            $0.overrides["GET /v1/tenants/t1/realms/r1/authorize"] = FakeServer.error(400, "invalid_request", "unknown client")
        }
        await #expect(throws: BISDKError.authorizationFailed(code: "invalid_request", description: "unknown client")) {
            try await embedded.authorize(pkceChallenge: nil, scope: "openid")
        }
    }

    @Test func authenticateURLWithoutCredentialFails() async throws {
        let (_, embedded, _) = await setUp()
        await #expect(throws: BISDKError.credentialNotFound) { try await embedded.authenticate(url: invokeURL) }
    }

    @Test func severalCredentialsAreOfferedForSelection() async throws {
        let (server, embedded, _) = await setUp()
        let first = try await embedded.registerCredentials(enrollmentLink)
        let second = try await embedded.registerCredentials(enrollmentLink)

        await #expect(throws: BISDKError.credentialSelectionRequired) { try await embedded.authenticate(url: invokeURL) }

        let offered = Offered()
        let response = try await embedded.authenticate(url: invokeURL) { credentials in
            await offered.set(credentials.map(\.handle))
            return second.handle
        }
        #expect(await offered.handles == [first.handle, second.handle])
        #expect(server.state.withLock { $0.lastAssertionCredential } == second.handle.rawValue)
        #expect(response.message == "Signed in")
        #expect(response.redirectURL.absoluteString.hasPrefix(FakeServer.redirectURI + "?code=code-1"))

        await #expect(throws: BISDKError.userCancelled) {
            try await embedded.authenticate(url: invokeURL) { _ in nil }
        }
    }

    @Test func callbackSelectorRunsOnTheCallbackQueue() async throws {
        let (server, embedded, _) = await setUp()
        _ = try await embedded.registerCredentials(enrollmentLink)
        let second = try await embedded.registerCredentials(enrollmentLink)
        let result = await withCheckedContinuation { continuation in
            embedded.authenticate(url: invokeURL, onSelectCredential: { credentials, choose in
                dispatchPrecondition(condition: .onQueue(Embedded.callbackQueue))
                choose(credentials.last?.handle)
            }) { result in
                dispatchPrecondition(condition: .onQueue(Embedded.callbackQueue))
                continuation.resume(returning: result)
            }
        }
        #expect(try result.get().message == "Signed in")
        #expect(server.state.withLock { $0.lastAssertionCredential } == second.handle.rawValue)
    }

    // MARK: Deletion

    @Test func deleteRevokesThenRemoves() async throws {
        let (server, embedded, store) = await setUp()
        let credential = try await embedded.registerCredentials(enrollmentLink)
        let deleted = try await embedded.deleteCredential(for: credential.handle)
        #expect(deleted.state == .deviceDeleted)
        #expect(server.state.withLock { $0.issued[credential.handle.rawValue] } == ServerCredentialState.revoked)
        #expect(try await store.credentials().isEmpty)
        await #expect(throws: BISDKError.credentialNotFound) { try await embedded.deleteCredential(for: credential.handle) }
    }

    @Test func deleteKeepsTheCredentialWhenTheServerIsUnreachable() async throws {
        let (server, embedded, store) = await setUp()
        let credential = try await embedded.registerCredentials(enrollmentLink)
        server.state.withLock { _ = $0.unreachable.insert(DeviceAPI.revokeCredential) }
        await #expect(throws: BISDKError.serverUnreachable("connection refused")) {
            try await embedded.deleteCredential(for: credential.handle)
        }
        #expect(try await store.credentials() == [credential])
    }

    @Test func deleteRemovesACredentialTheServerDoesNotKnow() async throws {
        let (server, embedded, store) = await setUp()
        let credential = try await embedded.registerCredentials(enrollmentLink)
        server.state.withLock {
            $0.overrides["POST \(DeviceAPI.revokeCredential)"] = FakeServer.error(404, APIErrorCode.notFound.rawValue, "unknown credential")
        }
        _ = try await embedded.deleteCredential(for: credential.handle)
        #expect(try await store.credentials().isEmpty)
    }

    @Test func callsBeforeInitializeFail() async {
        await #expect(throws: BISDKError.description("Embedded.initialize(...) has not been called")) {
            try await Embedded(context: nil).getCredentials()
        }
    }
}

/// Collects the handles a selector was offered.
actor Offered {
    var handles: [Credential.Handle] = []
    func set(_ handles: [Credential.Handle]) { self.handles = handles }
}

/// Answers the authorization request with an error redirect carrying the request's state.
struct ErrorRedirectServer: HTTPTransport {
    let inner: FakeServer

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        guard request.url.path.hasSuffix("/authorize") else { return try await inner.send(request) }
        let state = URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems?.first { $0.name == "state" }?.value
        var location = URLComponents(string: FakeServer.redirectURI)!
        location.queryItems = [
            .init(name: "error", value: "invalid_scope"), .init(name: "error_description", value: "no such scope"),
            .init(name: "state", value: state),
        ]
        return HTTPResponse(status: 302, headers: ["location": location.string!])
    }
}
