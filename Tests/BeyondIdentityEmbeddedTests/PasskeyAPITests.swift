@testable import BeyondIdentityEmbedded
import Foundation
import IdentityProtocol
import Synchronization
import Testing

/// The vendor's 2.x API beside the seed's, against the fake server: an SDK initialized with
/// `allowedDomains` reads each call's server from its URL and refuses other hosts before any
/// request; passkeys are the key store's credentials under the 2.x names; `authenticate(url:id:)`
/// signs with exactly the passkey given.
@Suite struct PasskeyAPITests {
    let bindLink = URL(string: "\(FakeServer.base)/v1/bind?token=bind-1")!

    func setUp(allowedDomains: [String] = ["127.0.0.1"], directory: URL = temporaryDirectory()) async throws -> (FakeServer, Embedded) {
        let server = await FakeServer()
        let context = try server.passkeyContext(keyStore: FileKeyStore(directory: directory), allowedDomains: allowedDomains)
        return (server, Embedded(context: context))
    }

    // MARK: allowedDomains

    @Test func allowedDomainsAreHostsAndTheirSubdomainsOverHTTPS() throws {
        let allowed = try AllowedDomains(["Example.com", "id.other.org."])
        #expect(allowed.entries == ["example.com", "id.other.org"])
        for url in ["https://example.com", "https://id.example.com/bi", "HTTPS://ID.EXAMPLE.COM", "https://id.other.org:8443"] {
            #expect(allowed.allows(URL(string: url)!), "\(url)")
        }
        for url in ["https://notexample.com", "https://example.com.evil.net", "http://example.com", "https://other.org", "ftp://example.com"] {
            #expect(!allowed.allows(URL(string: url)!), "\(url)")
        }
        // Without a list: this machine's loopback server only, where plain http is fine.
        let loopback = try AllowedDomains(nil)
        let empty = try AllowedDomains([])
        #expect(loopback == AllowedDomains.loopback && empty == .loopback)
        #expect(loopback.allows(URL(string: "http://127.0.0.1:8080")!) && loopback.allows(URL(string: "http://localhost:9")!))
        #expect(!loopback.allows(URL(string: "https://id.example.com")!))
    }

    @Test func anEntryThatIsNotAHostIsRefused() {
        for entry in ["https://id.example.com", "id.example.com/bi", "id.example.com:443", "", " ", "user@id.example.com"] {
            let refused = #expect(throws: BISDKError.self, "\(entry)") { try AllowedDomains([entry]) }
            #expect(refused?.errorType == .description, "\(entry): \(String(describing: refused))")
            let initialised = #expect(throws: BISDKError.self, "\(entry)") {
                try Embedded(allowedDomains: [entry], biometricAskPrompt: "Test", keyStore: FileKeyStore(directory: temporaryDirectory()))
            }
            #expect(initialised == refused)
        }
    }

    @Test func theServerOfAURLIsReadFromIt() {
        #expect(AllowedDomains.apiBase(of: FakeServer.invoke())?.absoluteString == FakeServer.base)
        #expect(AllowedDomains.apiBase(of: URL(string: "https://id.example/bi/v1/bind?token=t")!)?.absoluteString == "https://id.example/bi")
        #expect(AllowedDomains.apiBase(of: URL(string: "https://id.example/v1/cross-device?request=BCDF-GHJK")!)?.absoluteString
            == "https://id.example")
        #expect(AllowedDomains.apiBase(of: URL(string: "https://app.example/callback?code=1")!) == nil)
    }

    @Test func aURLOutsideAllowedDomainsIsRefusedBeforeAnyRequest() async throws {
        let (server, embedded) = try await setUp(allowedDomains: ["id.example.com"])
        let refusal = BISDKError.otherServer(apiBaseURL: FakeServer.base)
        let invoke = FakeServer.invoke(), continuation = FakeServer.invoke(challenge: "ch-1")
        let signIn = URL(string: FakeServer.signInURL)!
        #expect(!embedded.isAuthenticateUrl(invoke) && !embedded.isAuthenticateUrl(signIn) && !embedded.isBindPasskeyUrl(bindLink))
        await #expect(throws: refusal) { try await embedded.bindPasskey(url: bindLink) }
        await #expect(throws: refusal) { try await embedded.registerCredentials(bindLink) }
        await #expect(throws: refusal) { try await embedded.authenticate(url: invoke, id: Passkey.Id("cred-1")) }
        await #expect(throws: refusal) { try await embedded.authenticate(url: signIn) }
        await #expect(throws: refusal) { try await embedded.getAuthenticationContext(url: signIn) }
        await #expect(throws: refusal) { try await embedded.authenticateOtp(url: invoke, email: "ada@example.com") }
        await #expect(throws: refusal) { try await embedded.redeemOtp(url: continuation, otp: FakeServer.emailCode) }
        // A URL naming no server at all.
        let noServer = await #expect(throws: BISDKError.self) { try await embedded.bindPasskey(url: URL(string: "https://app.example/x")!) }
        #expect(noServer?.errorType == .invalidLink, "\(String(describing: noServer))")
        #expect(server.requests().isEmpty)
    }

    @Test func theSeedsCallsOfAnApplicationAreRefusedWithoutOne() async throws {
        let (server, embedded) = try await setUp()
        await #expect(throws: BISDKError.description(Embedded.needsApplication)) {
            try await embedded.authorize(pkceChallenge: nil, scope: "openid")
        }
        await #expect(throws: BISDKError.description(Embedded.needsApplication)) { try await embedded.authenticate() }
        #expect(server.requests().isEmpty)
    }

    // MARK: Passkeys

    @Test func bindListAuthenticateAndDeleteAPasskey() async throws {
        let (server, embedded) = try await setUp()
        server.state.withLock { $0.postBindingRedirectURI = "https://app.example/welcome" }
        #expect(embedded.isBindPasskeyUrl(bindLink) && embedded.isAuthenticateUrl(FakeServer.invoke()))

        let bound = try await embedded.bindPasskey(url: bindLink)
        #expect(bound.postBindingRedirectUri == URL(string: "https://app.example/welcome"))
        let passkey = bound.passkey
        let created = Date(timeIntervalSince1970: 1_800_000_000)
        #expect(passkey.id == Passkey.Id("cred-1") && passkey.passkeyId == Passkey.PasskeyId("cred-1"))
        #expect(passkey.state == .active && passkey.apiBaseUrl.absoluteString == FakeServer.base)
        #expect(passkey.created == created && passkey.updated == created && passkey.localCreated == created)
        #expect(passkey.tenant == Tenant(id: Tenant.Id("t1"), displayName: "Tenant"))
        #expect(passkey.realm == Realm(id: Realm.Id("r1"), displayName: "Realm"))
        #expect(passkey.identity == Identity(id: Identity.Id("i1"), displayName: "Ada", username: "ada", primaryEmailAddress: nil))
        #expect(passkey.theme == Theme(logoLightUrl: nil, logoDarkUrl: nil, supportUrl: nil))
        let credentials = try await embedded.getCredentials()
        #expect(passkey.keyHandle == KeyHandle(credentials[0].keyHandle.rawValue))
        #expect(try await embedded.getPasskeys() == credentials.map(Passkey.init) && credentials.count == 1)

        let response = try await embedded.authenticate(url: FakeServer.invoke(), id: passkey.id)
        #expect(response.redirectUrl == response.redirectURL && response.redirectUrl.absoluteString.hasPrefix(FakeServer.redirectURI + "?code=code-1"))
        #expect(response.message == "Signed in" && response.passkeyBindingToken == nil)
        #expect(server.state.withLock { $0.lastAssertionCredential } == "cred-1")

        try await embedded.deletePasskey(for: passkey.id)
        #expect(server.requests().last == "POST /v1/device/credentials/revoke")
        #expect(try await embedded.getPasskeys().isEmpty)
        // Deleting a passkey that is not here is not an error, and asks nobody.
        let before = server.requests()
        try await embedded.deletePasskey(for: Passkey.Id("cred-404"))
        #expect(server.requests() == before)
    }

    @Test func authenticateSignsWithExactlyThePasskeyGiven() async throws {
        let (server, embedded) = try await setUp()
        _ = try await embedded.bindPasskey(url: bindLink)
        _ = try await embedded.bindPasskey(url: bindLink)
        // The seed's form cannot choose without a selector; the 2.x form is told which.
        await #expect(throws: BISDKError.credentialSelectionRequired) { try await embedded.authenticate(url: FakeServer.invoke()) }
        _ = try await embedded.authenticate(url: FakeServer.invoke(), id: Passkey.Id("cred-2"))
        #expect(server.state.withLock { $0.lastAssertionCredential } == "cred-2")
        _ = try await embedded.authenticate(url: FakeServer.invoke(), id: Passkey.Id("cred-1"))
        #expect(server.state.withLock { $0.lastAssertionCredential } == "cred-1")
        await #expect(throws: BISDKError.credentialNotFound) {
            try await embedded.authenticate(url: FakeServer.invoke(), id: Passkey.Id("cred-9"))
        }
        // A revoked passkey says so rather than "not found".
        server.state.withLock { $0.issued["cred-2"] = .revoked }
        await embedded.currentContext?.stateRefresh.invalidate()
        let states = try await embedded.getPasskeys().map(\.state)
        #expect(states == [.active, .revoked])
        await #expect(throws: BISDKError.credentialRevoked("the credential has been revoked")) {
            try await embedded.authenticate(url: FakeServer.invoke(), id: Passkey.Id("cred-2"))
        }
    }

    @Test func approvingASignInOnAnotherDeviceWithAPasskey() async throws {
        let (server, embedded) = try await setUp()
        let passkey = try await embedded.bindPasskey(url: bindLink).passkey
        let signIn = URL(string: FakeServer.signInURL)!
        let context = try await embedded.getAuthenticationContext(url: signIn)
        #expect(context.application.displayName == "Web shop")
        let response = try await embedded.authenticate(url: signIn, id: passkey.id)
        #expect(response.continuesOnOtherDevice && response.redirectUrl == signIn)
        #expect(server.requests().last == "POST \(CrossDeviceAPI.approve)")
    }

    @Test func bothGenerationsSeeTheSameCredentials() async throws {
        let directory = temporaryDirectory()
        let (server, passkeys) = try await setUp(directory: directory)
        let seed = server.embedded(keyStore: FileKeyStore(directory: directory))
        let credential = try await seed.registerCredentials(bindLink)
        #expect(try await passkeys.getPasskeys() == [Passkey(credential)])
        let passkey = try await passkeys.bindPasskey(url: bindLink).passkey
        #expect(try await seed.getCredentials().map(\.handle) == [credential.handle, passkey.handle])
        // The seed's calls on URLs work on an SDK initialized the 2.x way, and the reverse.
        _ = try await passkeys.authenticate(url: FakeServer.invoke(), onSelectCredential: { _ in credential.handle })
        #expect(server.state.withLock { $0.lastAssertionCredential } == credential.handle.rawValue)
        _ = try await seed.authenticate(url: FakeServer.invoke(), id: passkey.id)
        #expect(server.state.withLock { $0.lastAssertionCredential } == passkey.id.value)
        try await seed.deletePasskey(for: passkey.id)
        #expect(try await passkeys.getCredentials() == [credential])
    }

    @Test func credentialStatesAreAskedOfEachAllowedServer() async throws {
        let directory = temporaryDirectory()
        let (server, embedded) = try await setUp(directory: directory)
        _ = try await embedded.bindPasskey(url: bindLink)
        // A credential of a server not allowed is listed, and its server is not asked.
        let store = FileKeyStore(directory: directory)
        let (key, _) = await store.generateKey()
        var foreign = Credential.sample(key, id: "cred-foreign")
        foreign.apiBaseURL = URL(string: "https://id.elsewhere.example")!
        try await store.store(foreign, prompt: "")
        server.state.withLock { $0.issued["cred-1"] = .revoked }
        let passkeys = try await embedded.getPasskeys()
        #expect(passkeys.map(\.id.value).sorted() == ["cred-1", "cred-foreign"])
        #expect(passkeys.first { $0.id.value == "cred-1" }?.state == .revoked)
        let status = try #require(server.state.withLock { $0.lastBody["POST /v1/device/credentials/status"] })
        #expect(try JSONDecoder.identityWire.decode(CredentialStatusRequest.self, from: status).credentialIDs == ["cred-1"])
        await #expect(throws: BISDKError.otherServer(apiBaseURL: "https://id.elsewhere.example")) {
            try await embedded.deletePasskey(for: Passkey.Id("cred-foreign"))
        }
    }
}
