@testable import BeyondIdentityEmbedded
import Foundation
import IdentityProtocol
import Synchronization
import Testing

/// Email one-time codes against the fake server: what `authenticateOtp` and `redeemOtp` send
/// (the invoke URL's transaction, the continuation URL's challenge, `bind_device` only when
/// the device has no credential of the realm), how the answers map (a binding token, a wrong
/// code's new URL), the server's refusals as errors, and continuation URLs the SDK does not follow.
@Suite struct EmailCodeTests {
    let bindLink = URL(string: "\(FakeServer.base)/v1/bind?token=bind-1")!

    func setUp() async throws -> (FakeServer, Embedded) {
        let server = await FakeServer()
        return (server, Embedded(context: try server.passkeyContext(keyStore: FileKeyStore(directory: temporaryDirectory()))))
    }

    func body<T: Decodable>(_ server: FakeServer, _ path: String, as _: T.Type) throws -> T {
        let data = try #require(server.state.withLock { $0.lastBody["POST \(path)"] } ?? nil)
        return try JSONDecoder.identityWire.decode(T.self, from: data)
    }

    @Test func askingForACodeSendsTheSignInsTransactionAndReturnsWhereToContinue() async throws {
        let (server, embedded) = try await setUp()
        let challenge = try await embedded.authenticateOtp(url: FakeServer.invoke(), email: "ada@example.com")
        #expect(try body(server, EmailCodeAPI.begin, as: EmailCodeRequest.self)
            == EmailCodeRequest(transaction: "tx1", email: "ada@example.com"))
        #expect(challenge.url == FakeServer.invoke(challenge: "ch-1"))
        #expect(challenge.attemptsLeft == 5 && challenge.expiresAt == Date(timeIntervalSince1970: 1_800_000_600))
        #expect(embedded.isAuthenticateUrl(challenge.url))
        // A new code for the same sign-in, from the continuation URL.
        _ = try await embedded.authenticateOtp(url: challenge.url, email: "ada@example.com")
        #expect(try body(server, EmailCodeAPI.begin, as: EmailCodeRequest.self).transaction == "tx1")
    }

    @Test func aRightCodeOnADeviceWithoutACredentialBringsABindingToken() async throws {
        let (server, embedded) = try await setUp()
        let challenge = try await embedded.authenticateOtp(url: FakeServer.invoke(), email: "ada@example.com")
        let outcome = try await embedded.redeemOtp(url: challenge.url, otp: FakeServer.emailCode)
        #expect(try body(server, EmailCodeAPI.redeem, as: EmailCodeRedemption.self)
            == EmailCodeRedemption(challenge: "ch-1", code: FakeServer.emailCode, bindDevice: true))
        guard case let .success(response) = outcome else { Issue.record("expected success, got \(outcome)"); return }
        #expect(response.redirectUrl.absoluteString == FakeServer.redirectURI + "?code=code-otp&state=s1")
        #expect(response.passkeyBindingToken == "pbt-1" && !response.continuesOnOtherDevice)
        // The token makes an enrollment link that binds a passkey here.
        let link = URL(string: "\(FakeServer.base)\(DeviceAPI.enrollmentLink)?token=\(response.passkeyBindingToken!)")!
        #expect(embedded.isBindPasskeyUrl(link))
        _ = try await embedded.bindPasskey(url: link)
        #expect(try body(server, DeviceAPI.bindCredential, as: BindCredentialRequest.self).bindingToken == "pbt-1")
    }

    @Test func aDeviceWithACredentialOfTheRealmAsksForNoBindingToken() async throws {
        let (server, embedded) = try await setUp()
        _ = try await embedded.bindPasskey(url: bindLink)
        let outcome = try await embedded.redeemOtp(url: FakeServer.invoke(challenge: "ch-1"), otp: FakeServer.emailCode)
        #expect(try body(server, EmailCodeAPI.redeem, as: EmailCodeRedemption.self).bindDevice == nil)
        guard case let .success(response) = outcome else { Issue.record("expected success, got \(outcome)"); return }
        #expect(response.passkeyBindingToken == nil)
    }

    /// The new URL may name the sign-in by another reference (sealed again for the code's lifetime).
    @Test func aWrongCodeGivesTheURLToTryAgainWith() async throws {
        let (_, embedded) = try await setUp()
        let outcome = try await embedded.redeemOtp(url: FakeServer.invoke(challenge: "ch-1"), otp: "000000")
        #expect(outcome == .failedOtp(OtpChallengeResponse(
            url: FakeServer.invoke(challenge: "ch-2", transaction: "tx1-sealed-again"), expiresAt: Date(timeIntervalSince1970: 1_800_000_600), attemptsLeft: 4)))
    }

    @Test func redeemingNeedsAContinuationURL() async throws {
        let (server, embedded) = try await setUp()
        let refused = await #expect(throws: BISDKError.self) { try await embedded.redeemOtp(url: FakeServer.invoke(), otp: FakeServer.emailCode) }
        #expect(refused?.errorType == .invalidLink, "\(String(describing: refused))")
        #expect(server.requests().isEmpty)
    }

    @Test func aContinuationURLOfAnotherServerIsNotFollowed() async throws {
        let (server, embedded) = try await setUp()
        server.state.withLock { $0.emailCodeBase = "https://evil.example" }
        await #expect(throws: BISDKError.invalidServerResponse("the continuation URL is not this sign-in's on this server")) {
            try await embedded.authenticateOtp(url: FakeServer.invoke(), email: "ada@example.com")
        }
        await #expect(throws: BISDKError.invalidServerResponse("the continuation URL is not this sign-in's on this server")) {
            try await embedded.redeemOtp(url: FakeServer.invoke(challenge: "ch-1"), otp: "000000")
        }
    }

    @Test(arguments: [
        (APIErrorCode.invalidEmailCodeChallenge, BISDKError.emailCodeFailed(.invalidChallenge)),
        (.emailCodeExpired, .emailCodeFailed(.expired)),
        (.emailCodesNotOffered, .emailCodeFailed(.notOffered)),
        (.rateLimited, .emailCodeFailed(.rateLimited(retryAfter: 30))),
        (.unmetAuthenticationRequirements, .unmetAuthenticationRequirements("a device key is required")),
    ])
    func theServersRefusalsAreTheirErrors(code: APIErrorCode, expected: BISDKError) async throws {
        let (server, embedded) = try await setUp()
        var refusal = FakeServer.error(400, code.rawValue, "a device key is required")
        refusal.headers["retry-after"] = "30"
        server.state.withLock {
            $0.overrides["POST \(EmailCodeAPI.begin)"] = refusal
            $0.overrides["POST \(EmailCodeAPI.redeem)"] = refusal
        }
        await #expect(throws: expected) { try await embedded.authenticateOtp(url: FakeServer.invoke(), email: "ada@example.com") }
        await #expect(throws: expected) { try await embedded.redeemOtp(url: FakeServer.invoke(challenge: "ch-1"), otp: "1") }
        #expect(expected.errorDescription?.isEmpty == false)
        if code == .unmetAuthenticationRequirements { #expect(expected.serverDescription == "a device key is required") }
        if code == .emailCodeExpired { #expect(expected.emailCodeFailure == .expired && expected.errorType == .emailCodeFailed) }
    }

    @Test func theCallbackFormsDeliverTheSameResults() async throws {
        let (_, embedded) = try await setUp()
        let challenge = try await withCheckedThrowingContinuation { continuation in
            embedded.authenticateOtp(url: FakeServer.invoke(), email: "ada@example.com") { continuation.resume(with: $0) }
        }
        let outcome = try await withCheckedThrowingContinuation { continuation in
            embedded.redeemOtp(url: challenge.url, otp: "000000") { continuation.resume(with: $0) }
        }
        guard case .failedOtp = outcome else { Issue.record("expected a wrong code, got \(outcome)"); return }
    }
}
