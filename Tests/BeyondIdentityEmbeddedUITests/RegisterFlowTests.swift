import BeyondIdentityEmbedded
import BeyondIdentityEmbeddedUI
import Foundation
import Testing
import UITestSupport

/// Registering a credential from an enrollment link, then signing in with it: success by either
/// flow type, a link that no longer works (recover, close), an unreachable server (retry), and
/// the sign-in after registering failing or being cancelled.
@MainActor @Suite struct RegisterFlowTests {
    let carol = Fixtures.credential("Carol")

    private func run(_ sdk: FakeSDK, _ presenter: ScriptedPresenter, _ app: AppLog, flow: AuthFlowType? = nil) async -> FlowOutcome {
        await Fixtures.ui(sdk).registerCredentialAndLogin(
            presenter: presenter, url: Fixtures.enrollmentLink, config: app.registerConfig(flow ?? app.authenticate))
    }

    @Test func registersThenSignsInWithTheNewCredential() async {
        let sdk = FakeSDK(.init(authenticate: [.success(Fixtures.tokens)], register: [.success(carol)]))
        let app = AppLog()
        let presenter = ScriptedPresenter([])
        #expect(await run(sdk, presenter, app) == .authenticated(Fixtures.tokens))
        #expect(app.events == ["tokens id"])
        #expect(sdk.calls == [.register(Fixtures.enrollmentLink), .authenticate(selected: carol.handle)])
        #expect(presenter.kinds == [.progress, .progress])
        #expect(presenter.screens.map(\.title) == ["Setting up your credential…", "Signing you in…"])
        #expect(presenter.dismissed && presenter.finished)
    }

    @Test func registersThenAuthorizes() async {
        let sdk = FakeSDK(.init(authorize: [.success(Fixtures.authorizationCode)], register: [.success(carol)]))
        let app = AppLog()
        let presenter = ScriptedPresenter([])
        let outcome = await run(sdk, presenter, app, flow: app.authorize(pkce: Fixtures.challenge, scope: "openid"))
        #expect(outcome == .authorized(Fixtures.authorizationCode))
        #expect(app.events == ["code code-1"])
        #expect(sdk.calls == [
            .register(Fixtures.enrollmentLink), .authorize(challenge: "challenge-1", scope: "openid", selected: carol.handle),
        ])
        #expect(presenter.kinds == [.progress, .progress])
    }

    @Test func usedLinkOffersRecoveryNotRetry() async {
        let sdk = FakeSDK(.init(register: [.failure(.invalidBindingToken("expired"))]))
        let app = AppLog()
        let presenter = ScriptedPresenter([
            on(.error, .recover) { screen in
                #expect(screen.title == "This link no longer works")
                #expect(screen.message == "It has expired or was already used. Ask for a new link, or recover your account.")
                #expect(screen.actions.map(\.action) == [.recover, .support, .close])
            },
        ])
        #expect(await run(sdk, presenter, app) == .recoveryRequested)
        #expect(app.events == ["recover"])
        #expect(sdk.calls == [.register(Fixtures.enrollmentLink)])
        #expect(presenter.kinds == [.progress, .error])
        #expect(presenter.dismissed && presenter.finished)
    }

    @Test func closingTheErrorEndsWithIt() async {
        let sdk = FakeSDK(.init(register: [.failure(.invalidBindingToken("expired"))]))
        let app = AppLog()
        let presenter = ScriptedPresenter([on(.error, .support), on(.error, .close)])
        #expect(await run(sdk, presenter, app) == .failed(.invalidBindingToken("expired")))
        #expect(presenter.opened == [AppLog.supportURL])
        #expect(app.events.isEmpty)
        #expect(sdk.calls == [.register(Fixtures.enrollmentLink)])
        #expect(presenter.kinds == [.progress, .error, .error])
        #expect(presenter.dismissed && presenter.finished)
    }

    @Test func unreachableServerIsRetried() async {
        let sdk = FakeSDK(.init(
            authenticate: [.success(Fixtures.tokens)], register: [.failure(.serverUnreachable("offline")), .success(carol)]))
        let app = AppLog()
        let presenter = ScriptedPresenter([
            on(.error, .retry) { screen in
                #expect(screen.title == "The server cannot be reached")
                #expect(screen.actions.map(\.action) == [.retry, .support, .close])
            },
        ])
        #expect(await run(sdk, presenter, app) == .authenticated(Fixtures.tokens))
        #expect(app.events == ["tokens id"])
        #expect(sdk.calls == [
            .register(Fixtures.enrollmentLink), .register(Fixtures.enrollmentLink), .authenticate(selected: carol.handle),
        ])
        #expect(presenter.kinds == [.progress, .error, .progress, .progress])
        #expect(presenter.dismissed && presenter.finished)
    }

    @Test func otherServerLinkOffersRecovery() async {
        let sdk = FakeSDK(.init(register: [.failure(.otherServer(apiBaseURL: "https://elsewhere.example"))]))
        let app = AppLog()
        let presenter = ScriptedPresenter([
            on(.error, .close) { screen in #expect(screen.actions.map(\.action) == [.recover, .support, .close]) },
        ])
        #expect(await run(sdk, presenter, app) == .failed(.otherServer(apiBaseURL: "https://elsewhere.example")))
    }

    @Test func revokedAtSignInOffersRecoveryAndBackKeepsTheCredential() async {
        let sdk = FakeSDK(.init(authenticate: [.failure(.credentialRevoked(nil))], register: [.success(carol)]))
        let app = AppLog()
        let presenter = ScriptedPresenter([
            on(.error, .back) { screen in
                #expect(screen.title == "This credential was revoked")
                #expect(screen.actions.map(\.action) == [.recover, .support, .back, .close])
            },
        ])
        #expect(await run(sdk, presenter, app) == .closed)
        #expect(app.events.isEmpty)
        #expect(sdk.calls == [.register(Fixtures.enrollmentLink), .authenticate(selected: carol.handle)])
        #expect(presenter.kinds == [.progress, .progress, .error])
        #expect(presenter.dismissed && presenter.finished)
    }

    @Test func revokedAtSignInRecovers() async {
        let sdk = FakeSDK(.init(authenticate: [.failure(.credentialRevoked(nil))], register: [.success(carol)]))
        let app = AppLog()
        let presenter = ScriptedPresenter([on(.error, .recover)])
        #expect(await run(sdk, presenter, app) == .recoveryRequested)
        #expect(app.events == ["recover"])
    }

    @Test func cancellingTheSignInAfterRegisteringCloses() async {
        let sdk = FakeSDK(.init(authenticate: [nil], register: [.success(carol)]))
        let app = AppLog()
        let presenter = ScriptedPresenter([
            on(.progress, nil) { screen in #expect(screen.title == "Setting up your credential…") },
            on(.progress, .cancel) { screen in #expect(screen.title == "Signing you in…") },
        ])
        #expect(await run(sdk, presenter, app) == .closed)
        #expect(app.events.isEmpty)
        #expect(sdk.calls == [.register(Fixtures.enrollmentLink), .authenticate(selected: carol.handle)])
        #expect(presenter.kinds == [.progress, .progress])
        #expect(presenter.dismissed && presenter.finished)
    }

    @Test func cancellingTheTaskDuringSignInEndsTheFlow() async {
        let sdk = FakeSDK(.init(authenticate: [nil], register: [.success(carol)]))
        let app = AppLog()
        let task = FlowTask()
        let presenter = ScriptedPresenter([on(.progress, nil), on(.progress, nil, then: { task.cancel() })])
        let (ui, config) = (Fixtures.ui(sdk), app.registerConfig(app.authenticate))
        let outcome = await task.run {
            await ui.registerCredentialAndLogin(presenter: presenter, url: Fixtures.enrollmentLink, config: config)
        }
        #expect(outcome == .cancelled)
        #expect(app.events.isEmpty)
        #expect(sdk.calls == [.register(Fixtures.enrollmentLink), .authenticate(selected: carol.handle)])
        #expect(presenter.dismissed && presenter.finished)
    }
}
