import BeyondIdentityEmbedded
import BeyondIdentityEmbeddedUI
import Foundation
import Testing
import UITestSupport

/// Approving a sign-in started in a browser on another device, screen by screen, with a scripted
/// presenter and a fake SDK: the URL pasted (and a wrong one refused), the context shown before
/// anything is signed, approve and decline, the choice among several credentials, and the
/// server's refusals explained.
@MainActor @Suite struct ApproveSignInFlowTests {
    let url = URL(string: "http://127.0.0.1:8080/v1/cross-device?request=BCDF-GHJK")!
    let ada = Fixtures.credential("Ada")
    let bob = Fixtures.credential("Bob")

    var signIn: AuthenticationContext {
        AuthenticationContext(
            authUrl: url, application: .init(id: .init("app-web"), displayName: "Web shop"),
            origin: .init(sourceIp: "203.0.113.7", userAgent: "Firefox/130", geolocation: nil, referer: "https://shop.example/cart"),
            startedAt: Date(timeIntervalSince1970: 1_800_000_000))
    }

    var approved: AuthenticateResponse {
        AuthenticateResponse(redirectURL: url, message: "Continue on your other device", continuesOnOtherDevice: true)
    }

    private func run(_ sdk: FakeSDK, _ presenter: ScriptedPresenter, url: URL? = nil) async -> FlowOutcome {
        await Fixtures.ui(sdk).approveSignIn(presenter: presenter, url: url, supportURL: AppLog.supportURL)
    }

    @Test func aPastedURLShowsTheContextThenApprovesAndSaysToContinueOnTheOtherDevice() async {
        let sdk = FakeSDK(.init(context: [.success(signIn)], approve: [.success(approved)]))
        let started = signIn.startedAt.formatted(date: .abbreviated, time: .standard)
        let presenter = ScriptedPresenter([
            on(.enterSignInURL, .submit("https://app.example/invoke?transaction=t")) { screen in
                #expect(screen.title == "Approve a sign-in on another device")
                #expect(screen.input?.allowsScanning == true && screen.input?.problem == nil)
                #expect(screen.input?.prompt == "Sign-in link")
                #expect(screen.actions.map(\.action) == [.support, .close])
            },
            on(.enterSignInURL, .submit("  \(url.absoluteString)\n")) { screen in
                #expect(screen.input?.problem == "This is not a sign-in link of this app's server. Paste the whole link the browser shows.")
            },
            on(.approveSignIn, .approve) { screen in
                #expect(screen.title == "Sign in to Web shop on another device?")
                #expect(screen.message.hasPrefix("Approve only if you started this sign-in yourself"))
                #expect(screen.details == [
                    Detail("Application", "Web shop"), Detail("Started", started), Detail("Browser address", "203.0.113.7"),
                    Detail("Browser", "Firefox/130"), Detail("Place", "not known"), Detail("Came from", "https://shop.example/cart"),
                ])
                #expect(screen.actions.map(\.action) == [.approve, .decline, .close])
                #expect(screen.actions.map(\.label) == ["Approve", "Decline", "Close"])
                #expect(screen.actions.map(\.role) == [.primary, .destructive, .dismiss])
            },
            on(.notice, .back) { screen in
                #expect(screen.title == "Approved")
                #expect(screen.message == "Continue on your other device.")
            },
        ])
        #expect(await run(sdk, presenter) == .signInApproved(approved))
        #expect(sdk.calls == [.getAuthenticationContext(url), .approve(url, selected: nil)])
        #expect(presenter.screens.filter { $0.kind == .progress }.map(\.title) == ["Checking the sign-in…", "Approving the sign-in…"])
        #expect(presenter.dismissed && presenter.finished)
    }

    @Test func aURLTheAppHasIsReviewedAndDeclined() async {
        let sdk = FakeSDK(.init(context: [.success(signIn)], decline: [.success(())]))
        let presenter = ScriptedPresenter([
            on(.approveSignIn, .decline),
            on(.notice, .back) { screen in
                #expect(screen.title == "Declined")
                #expect(screen.message == "Nobody was signed in. The browser on the other device says so.")
            },
        ])
        #expect(await run(sdk, presenter, url: url) == .signInDeclined)
        #expect(sdk.calls == [.getAuthenticationContext(url), .decline(url)])
        #expect(presenter.kinds == [.progress, .approveSignIn, .progress, .notice])
    }

    @Test func leavingTheContextDecidesNothing() async {
        let sdk = FakeSDK(.init(context: [.success(signIn)]))
        let presenter = ScriptedPresenter([on(.approveSignIn, .close)])
        #expect(await run(sdk, presenter, url: url) == .closed)
        #expect(sdk.calls == [.getAuthenticationContext(url)])
    }

    @Test func severalCredentialsAskWhichOneApproves() async {
        let sdk = FakeSDK(.init(context: [.success(signIn)], approve: [.success(approved)], approvers: [ada, bob]))
        let presenter = ScriptedPresenter([
            on(.approveSignIn, .approve),
            on(.chooseCredential, .back) { [ada, bob] screen in
                #expect(screen.message == "Several accounts can approve this sign-in. Which one is signing in?")
                #expect(screen.actions.map(\.action) == [.signIn(ada.handle), .signIn(bob.handle), .back])
                #expect(screen.actions.map(\.label) == ["Continue as Ada (Customers)", "Continue as Bob (Customers)", "Back"])
            },
            on(.approveSignIn, .approve),
            on(.chooseCredential, .signIn(bob.handle)),
            on(.notice, .back),
        ])
        #expect(await run(sdk, presenter, url: url) == .signInApproved(approved))
        #expect(sdk.calls == [
            .getAuthenticationContext(url), .approve(url, selected: nil), .approve(url, selected: nil),
            .approve(url, selected: bob.handle),
        ])
    }

    @Test func anExpiredSignInIsExplainedThenTheURLIsAskedAgain() async {
        let sdk = FakeSDK(.init(context: [.failure(.crossDeviceFailed(.expired))]))
        let presenter = ScriptedPresenter([
            on(.enterSignInURL, .submit(url.absoluteString)),
            on(.error, .back) { screen in
                #expect(screen.title == "This sign-in has expired")
                #expect(screen.message == "Start signing in again in the browser, then scan its new QR code.")
                #expect(screen.actions.map(\.action) == [.support, .back, .close])
            },
            on(.enterSignInURL, .close),
        ])
        #expect(await run(sdk, presenter) == .closed)
    }

    @Test func aFailedApprovalMayBeClosedWithItsError() async {
        let refusal = BISDKError.crossDeviceFailed(.alreadyDecided)
        let sdk = FakeSDK(.init(context: [.success(signIn)], approve: [.failure(refusal)]))
        let presenter = ScriptedPresenter([
            on(.approveSignIn, .approve),
            on(.error, .close) { screen in #expect(screen.title == "This sign-in was already answered") },
        ])
        #expect(await run(sdk, presenter, url: url) == .failed(refusal))
    }

    @Test(arguments: [
        (CrossDeviceFailure.unknownCode, "This sign-in link does not work", false),
        (.expired, "This sign-in has expired", false), (.alreadyDecided, "This sign-in was already answered", false),
        (.rateLimited(retryAfter: 20), "Too many attempts", true),
    ])
    func crossDeviceFailuresAreExplained(_ failure: CrossDeviceFailure, title: String, canRetry: Bool) {
        let explanation = ErrorExplanation(.crossDeviceFailed(failure), strings: .english)
        #expect(explanation.title == title)
        #expect(!explanation.message.isEmpty && !explanation.message.contains("{0}"))
        #expect(explanation.canRetry == canRetry)
        #expect(!explanation.suggestsRecovery)
        if canRetry { #expect(explanation.message == "Wait 20 seconds, then try again.") }
    }
}
