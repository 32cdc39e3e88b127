import BeyondIdentityEmbedded
import BeyondIdentityEmbeddedUI
import Foundation
import Testing
import UITestSupport

/// Signing in with a code sent by email on a device without a credential, screen by screen,
/// with a scripted presenter and a fake SDK: the offer, the address (a malformed one refused on
/// the screen), the code (a wrong one says so and is typed again), "Set up this device?" with
/// the passkey binding token, and the server's refusals explained.
@MainActor @Suite struct EmailCodeFlowTests {
    let invoke = URL(string: "https://app.example/invoke?transaction=tx1&api_base_url=http%3A%2F%2F127.0.0.1%3A8080")!
    let first = URL(string: "https://app.example/invoke?transaction=tx1&api_base_url=http%3A%2F%2F127.0.0.1%3A8080&otp_challenge=c1")!
    let second = URL(string: "https://app.example/invoke?transaction=tx1&api_base_url=http%3A%2F%2F127.0.0.1%3A8080&otp_challenge=c2")!
    let redirect = URL(string: "https://app.example/callback?code=code-1&state=s1")!

    func signedIn(token: String?) -> AuthenticateResponse {
        AuthenticateResponse(redirectURL: redirect, message: nil, passkeyBindingToken: token)
    }

    var bound: BindPasskeyResponse {
        BindPasskeyResponse(passkey: Passkey(Fixtures.credential("Ada")), postBindingRedirectUri: nil)
    }

    private func run(_ sdk: FakeSDK, _ presenter: ScriptedPresenter) async -> FlowOutcome {
        await Fixtures.ui(sdk).signInWithEmailCode(presenter: presenter, url: invoke, supportURL: AppLog.supportURL)
    }

    @Test func aWrongCodeIsTypedAgainThenTheDeviceIsSetUp() async {
        let sdk = FakeSDK(.init(
            sendCode: [.success(OtpChallengeResponse(url: first, attemptsLeft: 5))],
            redeem: [.success(.failedOtp(OtpChallengeResponse(url: second, attemptsLeft: 4))), .success(.success(signedIn(token: "pbt-1")))],
            bind: [.success(bound)]))
        let presenter = ScriptedPresenter([
            on(.noCredential, .emailCode) { screen in
                #expect(screen.title == "Sign in without a password")
                #expect(screen.message.hasPrefix("This device has no credential for this app."))
                #expect(screen.actions.map(\.label) == ["Sign in with a code sent by email", "What is a credential?", "Contact support", "Close"])
                #expect(screen.actions.first?.role == .primary)
            },
            on(.enterEmail, .submit("ada")) { screen in
                #expect(screen.title == "Sign in with a code sent by email")
                #expect(screen.input?.prompt == "Email address" && screen.input?.allowsScanning == false && screen.input?.problem == nil)
            },
            on(.enterEmail, .submit(" ada@example.com ")) { screen in
                #expect(screen.input?.problem == "Enter an email address, such as name@example.com.")
            },
            on(.enterEmailCode, .submit("12 34")) { screen in
                #expect(screen.title == "Enter the code")
                #expect(screen.message.hasPrefix("If ada@example.com is the address of your account, an email with a code is on its way."))
                #expect(screen.input?.prompt == "Code from the email" && screen.input?.problem == nil)
                #expect(screen.actions.map(\.action) == [.back, .close] && screen.actions.first?.label == "Use another address")
            },
            on(.enterEmailCode, .submit("000000")) { screen in
                #expect(screen.input?.problem == "Enter the digits of the code from the email.")
            },
            on(.enterEmailCode, .submit("123 456")) { screen in
                #expect(screen.input?.problem == "That code is not right. Check the email and try again (4 tries left).")
            },
            on(.setUpDevice, .confirm) { screen in
                #expect(screen.title == "Set up this device?")
                #expect(screen.message.hasPrefix("You are signed in."))
                #expect(screen.actions.map(\.label) == ["Set up this device", "Not now"])
            },
            on(.notice, .back) { screen in
                #expect(screen.title == "This device is set up" && screen.message == "It now signs in as Ada.")
            },
        ])
        #expect(await run(sdk, presenter) == .signedIn(signedIn(token: "pbt-1")))
        #expect(sdk.calls == [
            .sendCode(invoke, email: "ada@example.com"), .redeem(first, otp: "000000"), .redeem(second, otp: "123456"),
            .bind(URL(string: "http://127.0.0.1:8080/v1/bind?token=pbt-1")!),
        ])
        #expect(presenter.screens.filter { $0.kind == .progress }.map(\.title)
            == ["Sending a code…", "Checking the code…", "Checking the code…", "Setting up your credential…"])
        #expect(presenter.dismissed && presenter.finished)
    }

    @Test func notNowSignsInWithoutSettingUpAndNoTokenAsksNothing() async {
        let sdk = FakeSDK(.init(
            sendCode: [.success(OtpChallengeResponse(url: first)), .success(OtpChallengeResponse(url: first))],
            redeem: [.success(.success(signedIn(token: "pbt-1"))), .success(.success(signedIn(token: nil)))]))
        let declining = ScriptedPresenter([
            on(.noCredential, .emailCode), on(.enterEmail, .submit("ada@example.com")), on(.enterEmailCode, .submit("123456")),
            on(.setUpDevice, .close),
        ])
        #expect(await run(sdk, declining) == .signedIn(signedIn(token: "pbt-1")))
        let withoutToken = ScriptedPresenter([
            on(.noCredential, .emailCode), on(.enterEmail, .submit("ada@example.com")), on(.enterEmailCode, .submit("123456")),
        ])
        #expect(await run(sdk, withoutToken) == .signedIn(signedIn(token: nil)))
        #expect(!sdk.calls.contains { if case .bind = $0 { true } else { false } })
    }

    @Test func aUsedUpCodeIsExplainedAndANewOneAskedFor() async {
        let sdk = FakeSDK(.init(
            sendCode: [.success(OtpChallengeResponse(url: first)), .success(OtpChallengeResponse(url: second))],
            redeem: [.failure(.emailCodeFailed(.invalidChallenge)), .success(.success(signedIn(token: nil)))]))
        let presenter = ScriptedPresenter([
            on(.noCredential, .emailCode), on(.enterEmail, .submit("ada@example.com")), on(.enterEmailCode, .submit("123456")),
            on(.error, .back) { screen in
                #expect(screen.title == "This code can no longer be used")
                #expect(screen.actions.map(\.action) == [.support, .back, .close], "no retry: the same code cannot work")
            },
            on(.enterEmail, .submit("ada@example.com")),
            on(.enterEmailCode, .submit("654321")),
        ])
        #expect(await run(sdk, presenter) == .signedIn(signedIn(token: nil)))
        #expect(sdk.calls.last == .redeem(second, otp: "654321"))
    }

    @Test func anApplicationWithoutEmailCodesSaysSoAndClosing() async {
        let refusal = BISDKError.emailCodeFailed(.notOffered)
        let sdk = FakeSDK(.init(sendCode: [.failure(refusal)]))
        let presenter = ScriptedPresenter([
            on(.noCredential, .emailCode), on(.enterEmail, .submit("ada@example.com")),
            on(.error, .close) { screen in
                #expect(screen.title == "Sign-in by email code is not offered")
            },
        ])
        #expect(await run(sdk, presenter) == .failed(refusal))
    }

    @Test func closingTheOfferSignsNobodyIn() async {
        let sdk = FakeSDK(.init())
        let presenter = ScriptedPresenter([on(.noCredential, .close)])
        #expect(await run(sdk, presenter) == .closed)
        #expect(sdk.calls.isEmpty)
    }
}
