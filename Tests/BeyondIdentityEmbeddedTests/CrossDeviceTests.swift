@testable import BeyondIdentityEmbedded
import Crypto
import Foundation
import IdentityProtocol
import SwiftASN1
import Synchronization
import Testing
import X509

/// Approving (or declining) a sign-in a browser on another device started, against the fake
/// server: which URLs are sign-in URLs, the context as the server sends it, URLs of another
/// server refused before any request, what an approval sends (a signature over the sign-in's
/// challenge), a decline, and the server's refusals as errors.
@Suite struct CrossDeviceTests {
    let enrollmentLink = URL(string: "https://app.example/register?api_base_url=\(FakeServer.base)&token=bind-1")!
    let signInURL = URL(string: FakeServer.signInURL)!

    func setUp() async -> (FakeServer, Embedded) {
        let server = await FakeServer()
        return (server, server.embedded(keyStore: FileKeyStore(directory: temporaryDirectory())))
    }

    // MARK: Sign-in URLs

    @Test func signInURLsOfTheConfiguredServerAreAuthenticateURLs() async {
        let (_, embedded) = await setUp()
        #expect(embedded.isAuthenticateUrl(signInURL))
        #expect(embedded.isAuthenticateUrl(URL(string: "HTTP://127.0.0.1:18080/v1/cross-device?request=bcdfghjk")!))
        for other in [
            "https://evil.example/v1/cross-device?request=BCDF-GHJK",     // another server
            "http://127.0.0.1:9999/v1/cross-device?request=BCDF-GHJK",    // another port
            "\(FakeServer.base)/v1/cross-device",                         // no code
            "\(FakeServer.base)/v1/cross-device?request=",                // an empty code
            "\(FakeServer.base)/v1/other?request=BCDF-GHJK",              // another path
            "\(FakeServer.base)/bi/v1/cross-device?request=BCDF-GHJK",    // below another base path
        ] {
            #expect(!embedded.isAuthenticateUrl(URL(string: other)!), "\(other)")
        }
    }

    @Test func aServerBelowABasePathHasItsSignInURLsThere() throws {
        let server = Domain(baseURL: URL(string: "https://id.example/bi/")!)
        #expect(try SignInURL.code(from: URL(string: "https://id.example/bi/v1/cross-device?request=BCDF-GHJK")!, server: server)
            == "BCDF-GHJK")
        #expect(throws: BISDKError.otherServer(apiBaseURL: "https://id.example")) {
            try SignInURL.code(from: URL(string: "https://id.example/v1/cross-device?request=BCDF-GHJK")!, server: server)
        }
    }

    @Test func aURLOfAnotherServerIsRefusedBeforeAnyRequest() async throws {
        let (server, embedded) = await setUp()
        _ = try await embedded.registerCredentials(enrollmentLink)
        let before = server.requests()
        let evil = URL(string: "https://evil.example/v1/cross-device?request=BCDF-GHJK")!
        let refusal = BISDKError.otherServer(apiBaseURL: "https://evil.example")
        await #expect(throws: refusal) { try await embedded.getAuthenticationContext(url: evil) }
        await #expect(throws: refusal) { try await embedded.authenticate(url: evil) }
        await #expect(throws: refusal) { try await embedded.declineAuthentication(url: evil) }
        #expect(server.requests() == before)
    }

    @Test func anInvokeURLHasNoContextToShow() async throws {
        let (server, embedded) = await setUp()
        let invoke = URL(string: "\(FakeServer.invokeURL)?transaction=tx1&api_base_url=\(FakeServer.base)")!
        await #expect(throws: BISDKError.invalidLink("not a sign-in URL ({server}/v1/cross-device?request=…)")) {
            try await embedded.getAuthenticationContext(url: invoke)
        }
        await #expect(throws: BISDKError.invalidLink("not a sign-in URL ({server}/v1/cross-device?request=…)")) {
            try await embedded.declineAuthentication(url: invoke)
        }
        #expect(server.requests().isEmpty)
    }

    // MARK: Context

    @Test func theContextIsReadFromTheServersJSON() async throws {
        let (server, embedded) = await setUp()
        let json = #"""
            {"challenge": {"transaction": "tx-web", "challenge": "Y2hhbGxlbmdl", "issuer": "\#(FakeServer.issuer)",
                           "tenant_id": "t1", "realm_id": "r1", "client_id": "web",
                           "application_display_name": "Web shop", "expires_at": "2027-01-15T08:02:00Z"},
             "application_id": "app-web",
             "origin": {"source_ip": "203.0.113.7", "user_agent": "Mozilla/5.0 (X11; Linux x86_64) Firefox/130.0",
                        "geolocation": "Zurich, CH", "referer": "https://shop.example/cart"},
             "started_at": "2027-01-15T08:00:00Z", "state": "pending"}
            """#
        server.state.withLock {
            $0.overrides["POST \(CrossDeviceAPI.context)"] = HTTPResponse(
                status: 200, headers: ["content-type": "application/json"], body: Data(json.utf8))
        }
        let context = try await embedded.getAuthenticationContext(url: signInURL)
        #expect(context == AuthenticationContext(
            authUrl: signInURL, application: .init(id: .init("app-web"), displayName: "Web shop"),
            origin: .init(
                sourceIp: "203.0.113.7", userAgent: "Mozilla/5.0 (X11; Linux x86_64) Firefox/130.0", geolocation: "Zurich, CH",
                referer: "https://shop.example/cart"),
            startedAt: try Date("2027-01-15T08:00:00Z", strategy: .iso8601)))
        #expect(server.requests() == ["POST \(CrossDeviceAPI.context)"])
        #expect(try requestCode(server, CrossDeviceAPI.context) == "BCDF-GHJK")
    }

    @Test func theCallbackFormDeliversTheContext() async throws {
        let (_, embedded) = await setUp()
        let result = await withCheckedContinuation { continuation in
            embedded.getAuthenticationContext(url: signInURL) { result in
                dispatchPrecondition(condition: .onQueue(Embedded.callbackQueue))
                continuation.resume(returning: result)
            }
        }
        #expect(try result.get().origin.geolocation == "Zurich, CH")
        #expect(try result.get().origin.referer == nil)
    }

    // MARK: Approve and decline

    @Test func approvingSignsTheSignInsChallengeWithTheDeviceKey() async throws {
        let (server, embedded) = await setUp()
        let credential = try await embedded.registerCredentials(enrollmentLink)
        let response = try await embedded.authenticate(url: signInURL)
        #expect(response == AuthenticateResponse(
            redirectURL: signInURL, message: "Continue on your other device", continuesOnOtherDevice: true))
        #expect(server.requests().filter { $0.contains("cross-device") }
            == ["POST \(CrossDeviceAPI.context)", "POST \(CrossDeviceAPI.approve)"])

        let body = try #require(server.state.withLock { $0.lastBody["POST \(CrossDeviceAPI.approve)"] })
        let approval = try JSONDecoder.identityWire.decode(CrossDeviceApproval.self, from: body)
        #expect(approval.request == "BCDF-GHJK")
        #expect(approval.assertion.transaction == "tx-web")
        #expect(approval.assertion.credentialID == credential.handle.rawValue)
        #expect(approval.assertion.certificateChain == credential.chain)
        // The signature is over the sign-in's own transaction, challenge and issuer, by the credential's key.
        let leaf = try #require(P256.Signing.PublicKey(try Certificate(pemEncoded: credential.chain[0]).publicKey))
        let signature = try P256.Signing.ECDSASignature(derRepresentation: try #require(Data(base64URLEncoded: approval.assertion.signature)))
        let signed = SignedMessage.authentication(
            transaction: "tx-web", challenge: "Y2hhbGxlbmdl", issuer: FakeServer.issuer, credentialID: credential.handle.rawValue)
        #expect(leaf.isValidSignature(signature, for: signed))
        let other = SignedMessage.authentication(
            transaction: "tx1", challenge: "Y2hhbGxlbmdl", issuer: FakeServer.issuer, credentialID: credential.handle.rawValue)
        #expect(!leaf.isValidSignature(signature, for: other))
    }

    @Test func approvingAfterShowingTheContextLooksItUpOnce() async throws {
        let (server, embedded) = await setUp()
        _ = try await embedded.registerCredentials(enrollmentLink)
        _ = try await embedded.getAuthenticationContext(url: signInURL)
        // A choice that picks nothing (here a passkey this device lacks) keeps the lookup for
        // the approval that follows.
        await #expect(throws: BISDKError.credentialNotFound) {
            try await embedded.authenticate(url: signInURL, id: Passkey.Id("no-such-passkey"))
        }
        _ = try await embedded.authenticate(url: signInURL)
        #expect(server.requests().filter { $0.contains("cross-device") }
            == ["POST \(CrossDeviceAPI.context)", "POST \(CrossDeviceAPI.approve)"])
        // Once posted, the approval's lookup is spent: approving again asks anew.
        _ = try await embedded.authenticate(url: signInURL)
        #expect(server.requests().filter { $0 == "POST \(CrossDeviceAPI.context)" }.count == 2)
    }

    @Test func decliningForgetsTheLookedUpContext() async throws {
        let (server, embedded) = await setUp()
        _ = try await embedded.registerCredentials(enrollmentLink)
        _ = try await embedded.getAuthenticationContext(url: signInURL)
        try await embedded.declineAuthentication(url: signInURL)
        _ = try await embedded.authenticate(url: signInURL)
        #expect(server.requests().filter { $0.contains("cross-device") } == [
            "POST \(CrossDeviceAPI.context)", "POST \(CrossDeviceAPI.decline)", "POST \(CrossDeviceAPI.context)",
            "POST \(CrossDeviceAPI.approve)",
        ])
    }

    @Test func approvingNeedsACredentialOfTheSignInsRealm() async throws {
        let (server, embedded) = await setUp()
        await #expect(throws: BISDKError.credentialNotFound) { try await embedded.authenticate(url: signInURL) }
        #expect(!server.requests().contains("POST \(CrossDeviceAPI.approve)"))
    }

    @Test func decliningSendsTheCode() async throws {
        let (server, embedded) = await setUp()
        try await embedded.declineAuthentication(url: signInURL)
        #expect(server.requests() == ["POST \(CrossDeviceAPI.decline)"])
        #expect(try requestCode(server, CrossDeviceAPI.decline) == "BCDF-GHJK")

        server.state.withLock {
            $0.overrides["POST \(CrossDeviceAPI.decline)"] = try! FakeServer.json(CrossDeviceOutcome(state: .approved, message: ""))
        }
        await #expect(throws: BISDKError.invalidServerResponse("the sign-in is approved where declined was expected")) {
            try await embedded.declineAuthentication(url: signInURL)
        }
    }

    @Test(arguments: [
        (APIErrorCode.invalidSignInCode, 404, CrossDeviceFailure.unknownCode),
        (.signInExpired, 410, .expired),
        (.signInAlreadyDecided, 409, .alreadyDecided),
        (.rateLimited, 429, .rateLimited(retryAfter: 30)),
    ])
    func theServersRefusalsAreCrossDeviceFailures(_ code: APIErrorCode, _ status: Int, _ failure: CrossDeviceFailure) async throws {
        let (server, embedded) = await setUp()
        _ = try await embedded.registerCredentials(enrollmentLink)
        var refusal = FakeServer.error(status, code.rawValue, "refused")
        refusal.headers["retry-after"] = "30"
        for path in [CrossDeviceAPI.context, CrossDeviceAPI.decline] {
            server.state.withLock { $0.overrides["POST \(path)"] = refusal }
        }
        await #expect(throws: BISDKError.crossDeviceFailed(failure)) { try await embedded.getAuthenticationContext(url: signInURL) }
        await #expect(throws: BISDKError.crossDeviceFailed(failure)) { try await embedded.authenticate(url: signInURL) }
        await #expect(throws: BISDKError.crossDeviceFailed(failure)) { try await embedded.declineAuthentication(url: signInURL) }
    }

    /// The `request` of the last body posted to `path`.
    private func requestCode(_ server: FakeServer, _ path: String) throws -> String {
        let body = try #require(server.state.withLock { $0.lastBody["POST \(path)"] })
        return try JSONDecoder.identityWire.decode(CrossDeviceRequest.self, from: body).request
    }
}
