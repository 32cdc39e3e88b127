import BeyondIdentityEmbedded
import BeyondIdentityEmbeddedUI
import Foundation
import Testing
import UITestSupport

/// The button flow, screen by screen, with a scripted presenter and a fake SDK: one, several or
/// no credentials; sign-in by either flow type and its failures; import by code; replacing the
/// credential; the lookup failing; the app cancelling the flow's task.
@MainActor @Suite struct ButtonFlowTests {
    let ada = Fixtures.credential("Ada")
    let bob = Fixtures.credential("Bob")
    let carol = Fixtures.credential("Carol")
    /// The choices of the screen for a device without a credential, when there is nothing to go back to.
    let newCredentialChoices: [UserAction] = [.signUp, .addFromAnotherDevice, .recover, .support, .explain, .close]

    private func run(_ sdk: FakeSDK, _ presenter: ScriptedPresenter, _ app: AppLog, flow: AuthFlowType? = nil) async -> FlowOutcome {
        await Fixtures.ui(sdk).continueWithBeyondIdentity(presenter: presenter, authFlow: flow ?? app.authenticate, config: app.config)
    }

    // MARK: One credential

    @Test func oneCredentialContinuesAsItsUser() async throws {
        let sdk = FakeSDK(.init(credentials: [.success([ada])], authenticate: [.success(Fixtures.tokens)]))
        let app = AppLog()
        let presenter = ScriptedPresenter([
            on(.credentialExists, .signIn(ada.handle)) { [ada] screen in
                #expect(screen.title == "Welcome back")
                #expect(screen.message == "This device holds the credential of Ada (Customers).")
                #expect(screen.actions.map(\.action) == [.signIn(ada.handle), .replace, .explain, .close])
                #expect(screen.actions.map(\.label)
                    == ["Continue as Ada", "Not Ada? Replace this credential", "What is a credential?", "Close"])
                #expect(screen.actions.map(\.role) == [.primary, .destructive, .normal, .dismiss])
            },
        ])
        let outcome = await run(sdk, presenter, app)
        #expect(outcome == .authenticated(Fixtures.tokens))
        #expect(app.events == ["tokens id"])
        #expect(sdk.calls == [.getApplicationCredentials, .authenticate(selected: ada.handle)])
        #expect(presenter.kinds == [.progress, .credentialExists, .progress])
        #expect(presenter.screens.filter { $0.kind == .progress }.map(\.title) == ["Checking this device…", "Signing you in…"])
        #expect(presenter.screens[0].actions.map(\.action) == [.cancel] && presenter.screens[0].inProgress)
        #expect(presenter.dismissed && presenter.finished)
    }

    @Test func authorizePassesTheChallengeAndScopeAndHandsTheCodeToTheCallback() async {
        let sdk = FakeSDK(.init(credentials: [.success([ada])], authorize: [.success(Fixtures.authorizationCode)]))
        let app = AppLog()
        let presenter = ScriptedPresenter([on(.credentialExists, .signIn(ada.handle))])
        let outcome = await run(sdk, presenter, app, flow: app.authorize(pkce: Fixtures.challenge, scope: "openid profile"))
        #expect(outcome == .authorized(Fixtures.authorizationCode))
        #expect(app.events == ["code code-1"])
        #expect(sdk.calls == [
            .getApplicationCredentials, .authorize(challenge: "challenge-1", scope: "openid profile", selected: ada.handle),
        ])
        #expect(presenter.kinds == [.progress, .credentialExists, .progress])
        #expect(presenter.dismissed && presenter.finished)
    }

    @Test func authorizeWithoutPKCEPassesNoChallenge() async {
        let sdk = FakeSDK(.init(credentials: [.success([ada])], authorize: [.success(Fixtures.authorizationCode)]))
        let app = AppLog()
        let presenter = ScriptedPresenter([on(.credentialExists, .signIn(ada.handle))])
        let outcome = await run(sdk, presenter, app, flow: app.authorize(pkce: nil, scope: "openid"))
        #expect(outcome == .authorized(Fixtures.authorizationCode))
        #expect(app.events == ["code code-1"])
        #expect(sdk.calls == [.getApplicationCredentials, .authorize(challenge: nil, scope: "openid", selected: ada.handle)])
    }

    @Test func explanationReturnsToTheSameScreen() async {
        let sdk = FakeSDK(.init(credentials: [.success([ada])]))
        let app = AppLog()
        let presenter = ScriptedPresenter([
            on(.credentialExists, .explain),
            on(.explanation, .back) { screen in
                #expect(screen.title == "What is a credential?")
                #expect(screen.message.hasPrefix("A credential is a key kept on this device"))
                #expect(screen.actions.map(\.action) == [.back])
            },
            on(.credentialExists, .close),
        ])
        #expect(await run(sdk, presenter, app) == .closed)
        #expect(app.events.isEmpty)
        #expect(sdk.calls == [.getApplicationCredentials])
        #expect(presenter.kinds == [.progress, .credentialExists, .explanation, .credentialExists])
        #expect(presenter.dismissed && presenter.finished)
    }

    // MARK: Several credentials

    @Test func severalCredentialsSignInWithTheOneChosen() async {
        let sdk = FakeSDK(.init(credentials: [.success([ada, bob])], authenticate: [.success(Fixtures.tokens)]))
        let app = AppLog()
        let presenter = ScriptedPresenter([
            on(.chooseCredential, .signIn(bob.handle)) { [ada, bob] screen in
                #expect(screen.title == "Choose an account")
                #expect(screen.actions.map(\.action) == [.signIn(ada.handle), .signIn(bob.handle), .addCredential, .explain, .close])
                #expect(screen.actions.map(\.label) == [
                    "Continue as Ada (Customers)", "Continue as Bob (Customers)", "Use another account",
                    "What is a credential?", "Close",
                ])
            },
        ])
        #expect(await run(sdk, presenter, app) == .authenticated(Fixtures.tokens))
        #expect(app.events == ["tokens id"])
        #expect(sdk.calls == [.getApplicationCredentials, .authenticate(selected: bob.handle)])
        #expect(presenter.kinds == [.progress, .chooseCredential, .progress])
        #expect(presenter.dismissed && presenter.finished)
    }

    @Test func anotherAccountThenBackReturnsToTheChoice() async {
        let sdk = FakeSDK(.init(credentials: [.success([ada, bob])]))
        let app = AppLog()
        let presenter = ScriptedPresenter([
            on(.chooseCredential, .addCredential),
            on(.noCredential, .back) { screen in
                #expect(screen.actions.map(\.action) == [.signUp, .addFromAnotherDevice, .recover, .support, .explain, .back])
                #expect(screen.message == "This device has no credential for this app yet.")
            },
            on(.chooseCredential, .close),
        ])
        #expect(await run(sdk, presenter, app) == .closed)
        #expect(app.events.isEmpty)
        #expect(sdk.calls == [.getApplicationCredentials])
        #expect(presenter.kinds == [.progress, .chooseCredential, .noCredential, .chooseCredential])
        #expect(presenter.dismissed && presenter.finished)
    }

    @Test func inactiveCredentialsAreNotOffered() async {
        let sdk = FakeSDK(.init(credentials: [.success([ada, Fixtures.credential("Bob", .userSuspended)])]))
        let app = AppLog()
        let presenter = ScriptedPresenter([
            on(.credentialExists, .close) { screen in #expect(screen.actions.first?.label == "Continue as Ada") },
        ])
        #expect(await run(sdk, presenter, app) == .closed)
        #expect(presenter.kinds == [.progress, .credentialExists])
    }

    // MARK: No credential

    @Test func noCredentialSignUpHandsOverToTheApp() async {
        let sdk = FakeSDK(.init(credentials: [.success([])]))
        let app = AppLog()
        let presenter = ScriptedPresenter([
            on(.noCredential, .signUp) { [newCredentialChoices] screen in
                #expect(screen.title == "Sign in without a password")
                #expect(screen.message == "This device has no credential for this app yet.")
                #expect(screen.actions.map(\.action) == newCredentialChoices)
                #expect(screen.actions.first?.role == .primary)
            },
        ])
        #expect(await run(sdk, presenter, app) == .signUpRequested)
        #expect(app.events == ["signUp"])
        #expect(sdk.calls == [.getApplicationCredentials])
        #expect(presenter.kinds == [.progress, .noCredential])
        #expect(presenter.dismissed && presenter.finished)
    }

    @Test func noCredentialRecoverHandsOverToTheApp() async {
        let sdk = FakeSDK(.init(credentials: [.success([])]))
        let app = AppLog()
        let presenter = ScriptedPresenter([on(.noCredential, .recover)])
        #expect(await run(sdk, presenter, app) == .recoveryRequested)
        #expect(app.events == ["recover"])
        #expect(sdk.calls == [.getApplicationCredentials])
        #expect(presenter.kinds == [.progress, .noCredential])
        #expect(presenter.dismissed && presenter.finished)
    }

    @Test func supportOpensTheLinkAndExplanationGoesBack() async {
        let sdk = FakeSDK(.init(credentials: [.success([])]))
        let app = AppLog()
        let presenter = ScriptedPresenter([
            on(.noCredential, .support),
            on(.noCredential, .explain),
            on(.explanation, .back),
            on(.noCredential, .close),
        ])
        #expect(await run(sdk, presenter, app) == .closed)
        #expect(presenter.opened == [AppLog.supportURL])
        #expect(app.events.isEmpty)
        #expect(sdk.calls == [.getApplicationCredentials])
        #expect(presenter.kinds == [.progress, .noCredential, .noCredential, .explanation, .noCredential])
        #expect(presenter.dismissed && presenter.finished)
    }

    @Test func onlyUnusableCredentialsSayWhy() async {
        let revoked = Fixtures.credential("Ada", .userDeleted)
        let suspended = Fixtures.credential("Bob", .userSuspended)
        let sdk = FakeSDK(.init(credentials: [.success([revoked, suspended])]))
        let app = AppLog()
        let presenter = ScriptedPresenter([
            on(.noCredential, .close) { [newCredentialChoices] screen in
                #expect(screen.message == """
                    This device has no credential for this app yet.
                    The credential of Ada on this device can no longer sign in: revoked.
                    The credential of Bob on this device can no longer sign in: account suspended.
                    """)
                #expect(screen.actions.map(\.action) == newCredentialChoices)
            },
        ])
        #expect(await run(sdk, presenter, app) == .closed)
        #expect(sdk.calls == [.getApplicationCredentials])
        #expect(presenter.kinds == [.progress, .noCredential])
        #expect(presenter.dismissed && presenter.finished)
    }

    // MARK: Import by code

    @Test func importRefusesAMalformedCodeThenSignsInWithTheImportedCredential() async {
        let sdk = FakeSDK(.init(credentials: [.success([])], authenticate: [.success(Fixtures.tokens)], importing: [.success([carol])]))
        let app = AppLog()
        let presenter = ScriptedPresenter([
            on(.noCredential, .addFromAnotherDevice),
            on(.enterCode, .submit("12")) { screen in
                #expect(screen.title == "Add this device from another device")
                #expect(screen.input == InputField(prompt: "Code", placeholder: "123 456 789", allowsScanning: true, problem: nil))
                #expect(screen.actions.map(\.action) == [.support, .back])
            },
            on(.enterCode, .submit("123-456-789")) { screen in
                #expect(screen.input?.problem == "Enter the 9 digits of the code.")
            },
        ])
        #expect(await run(sdk, presenter, app) == .authenticated(Fixtures.tokens))
        #expect(app.events == ["tokens id"])
        #expect(sdk.calls == [.getApplicationCredentials, .importing("123456789"), .authenticate(selected: carol.handle)])
        #expect(presenter.kinds == [.progress, .noCredential, .enterCode, .enterCode, .progress, .progress])
        #expect(presenter.screens[4].title == "Adding this device…")
        #expect(presenter.dismissed && presenter.finished)
    }

    @Test func importBackReturnsToTheChoices() async {
        let sdk = FakeSDK(.init(credentials: [.success([])]))
        let app = AppLog()
        let presenter = ScriptedPresenter([
            on(.noCredential, .addFromAnotherDevice),
            on(.enterCode, .support),
            on(.enterCode, .back),
            on(.noCredential, .close),
        ])
        #expect(await run(sdk, presenter, app) == .closed)
        #expect(presenter.opened == [AppLog.supportURL])
        #expect(sdk.calls == [.getApplicationCredentials])
        #expect(presenter.kinds == [.progress, .noCredential, .enterCode, .enterCode, .noCredential])
        #expect(presenter.dismissed && presenter.finished)
    }

    @Test func importWithAWrongCodeShowsTheErrorThenAsksAgain() async {
        let sdk = FakeSDK(.init(credentials: [.success([])], importing: [.failure(.extensionFailed(.wrongCode))]))
        let app = AppLog()
        let presenter = ScriptedPresenter([
            on(.noCredential, .addFromAnotherDevice),
            on(.enterCode, .submit("1234")),
            on(.enterCode, .submit("123456789")),
            on(.error, .retry) { screen in
                #expect(screen.title == "That code did not work")
                #expect(screen.message == "Check the code on your other device: it changes every 90 seconds.")
                #expect(screen.actions.map(\.action) == [.retry, .support, .back, .close])
            },
            on(.enterCode, .back) { screen in #expect(screen.input?.problem == nil) },
            on(.noCredential, .close),
        ])
        #expect(await run(sdk, presenter, app) == .closed)
        #expect(app.events.isEmpty)
        #expect(sdk.calls == [.getApplicationCredentials, .importing("123456789")])
        #expect(presenter.kinds == [.progress, .noCredential, .enterCode, .enterCode, .progress, .error, .enterCode, .noCredential])
        #expect(presenter.dismissed && presenter.finished)
    }

    @Test func closingAnImportErrorEndsWithTheError() async {
        let sdk = FakeSDK(.init(credentials: [.success([])], importing: [.failure(.extensionFailed(.codeExpired))]))
        let app = AppLog()
        let presenter = ScriptedPresenter([
            on(.noCredential, .addFromAnotherDevice),
            on(.enterCode, .submit("123 456 789")),
            on(.error, .close) { screen in #expect(screen.title == "The code has expired") },
        ])
        #expect(await run(sdk, presenter, app) == .failed(.extensionFailed(.codeExpired)))
        #expect(sdk.calls == [.getApplicationCredentials, .importing("123456789")])
        #expect(presenter.kinds == [.progress, .noCredential, .enterCode, .progress, .error])
        #expect(presenter.dismissed && presenter.finished)
    }

    @Test func importOfNothingReadsTheCredentialsAgain() async {
        let sdk = FakeSDK(.init(credentials: [.success([]), .success([carol])], importing: [.success([])]))
        let app = AppLog()
        let presenter = ScriptedPresenter([
            on(.noCredential, .addFromAnotherDevice),
            on(.enterCode, .submit("123456789")),
            on(.credentialExists, .close),
        ])
        #expect(await run(sdk, presenter, app) == .closed)
        #expect(sdk.calls == [.getApplicationCredentials, .importing("123456789"), .getApplicationCredentials])
        #expect(presenter.kinds == [.progress, .noCredential, .enterCode, .progress, .progress, .credentialExists])
    }

    // MARK: Sign-in failures

    @Test func revokedCredentialOffersRecoveryNotRetry() async {
        let sdk = FakeSDK(.init(credentials: [.success([ada])], authenticate: [.failure(.credentialRevoked("revoked by admin"))]))
        let app = AppLog()
        let presenter = ScriptedPresenter([
            on(.credentialExists, .signIn(ada.handle)),
            on(.error, .recover) { screen in
                #expect(screen.title == "This credential was revoked")
                #expect(screen.actions.map(\.action) == [.recover, .support, .back, .close])
                #expect(screen.actions.map(\.label) == ["Recover my account", "Contact support", "Back", "Close"])
            },
        ])
        #expect(await run(sdk, presenter, app) == .recoveryRequested)
        #expect(app.events == ["recover"])
        #expect(sdk.calls == [.getApplicationCredentials, .authenticate(selected: ada.handle)])
        #expect(presenter.kinds == [.progress, .credentialExists, .progress, .error])
        #expect(presenter.dismissed && presenter.finished)
    }

    @Test func unreachableServerIsRetried() async {
        let sdk = FakeSDK(.init(
            credentials: [.success([ada])], authenticate: [.failure(.serverUnreachable("offline")), .success(Fixtures.tokens)]))
        let app = AppLog()
        let presenter = ScriptedPresenter([
            on(.credentialExists, .signIn(ada.handle)),
            on(.error, .retry) { screen in
                #expect(screen.title == "The server cannot be reached")
                #expect(screen.actions.map(\.action) == [.retry, .support, .back, .close])
                #expect(screen.actions.first?.role == .primary)
            },
        ])
        #expect(await run(sdk, presenter, app) == .authenticated(Fixtures.tokens))
        #expect(app.events == ["tokens id"])
        #expect(sdk.calls == [
            .getApplicationCredentials, .authenticate(selected: ada.handle), .authenticate(selected: ada.handle),
        ])
        #expect(presenter.kinds == [.progress, .credentialExists, .progress, .error, .progress])
        #expect(presenter.dismissed && presenter.finished)
    }

    @Test func backFromASignInErrorReadsTheCredentialsAgain() async {
        let sdk = FakeSDK(.init(
            credentials: [.success([ada]), .success([Fixtures.credential("Ada", .userSuspended)])],
            authenticate: [.failure(.identityInactive(nil))]))
        let app = AppLog()
        let presenter = ScriptedPresenter([
            on(.credentialExists, .signIn(ada.handle)),
            on(.error, .back) { screen in
                #expect(screen.title == "Your account is suspended")
                #expect(screen.actions.map(\.action) == [.support, .back, .close])
            },
            on(.noCredential, .close) { screen in #expect(screen.message.hasSuffix("can no longer sign in: account suspended.")) },
        ])
        #expect(await run(sdk, presenter, app) == .closed)
        #expect(sdk.calls == [.getApplicationCredentials, .authenticate(selected: ada.handle), .getApplicationCredentials])
        #expect(presenter.kinds == [.progress, .credentialExists, .progress, .error, .progress, .noCredential])
        #expect(presenter.dismissed && presenter.finished)
    }

    @Test func closingASignInErrorEndsWithTheError() async {
        let sdk = FakeSDK(.init(credentials: [.success([ada])], authenticate: [.failure(.serverUnreachable("offline"))]))
        let app = AppLog()
        let presenter = ScriptedPresenter([on(.credentialExists, .signIn(ada.handle)), on(.error, .close)])
        #expect(await run(sdk, presenter, app) == .failed(.serverUnreachable("offline")))
        #expect(app.events.isEmpty)
        #expect(presenter.kinds == [.progress, .credentialExists, .progress, .error])
    }

    @Test func cancellingSignInReturnsToTheCredentialAfterReadingItAgain() async {
        let sdk = FakeSDK(.init(credentials: [.success([ada]), .success([ada])], authenticate: [nil]))
        let app = AppLog()
        let presenter = ScriptedPresenter([
            on(.credentialExists, .signIn(ada.handle)),
            on(.progress, .cancel) { screen in #expect(screen.title == "Signing you in…") },
            on(.credentialExists, .close),
        ])
        #expect(await run(sdk, presenter, app) == .closed)
        #expect(app.events.isEmpty)
        #expect(sdk.calls == [.getApplicationCredentials, .authenticate(selected: ada.handle), .getApplicationCredentials])
        #expect(presenter.kinds == [.progress, .credentialExists, .progress, .progress, .credentialExists])
        #expect(presenter.dismissed && presenter.finished)
    }

    @Test func closingDuringSignInEndsTheFlow() async {
        let sdk = FakeSDK(.init(credentials: [.success([ada])], authenticate: [nil]))
        let app = AppLog()
        let presenter = ScriptedPresenter([on(.credentialExists, .signIn(ada.handle)), on(.progress, .close)])
        #expect(await run(sdk, presenter, app) == .closed)
        #expect(app.events.isEmpty)
        #expect(sdk.calls == [.getApplicationCredentials, .authenticate(selected: ada.handle)])
        #expect(presenter.kinds == [.progress, .credentialExists, .progress])
        #expect(presenter.dismissed && presenter.finished)
    }

    // MARK: Replacing the credential

    @Test func replaceWarnsKeepsThenDeletesAndOffersANewCredential() async {
        let sdk = FakeSDK(.init(credentials: [.success([ada])], delete: [.success(Fixtures.credential("Ada", .deviceDeleted))]))
        let app = AppLog()
        let presenter = ScriptedPresenter([
            on(.credentialExists, .replace),
            on(.replaceWarning, .back) { screen in
                #expect(screen.title == "Replace the credential of Ada?")
                #expect(screen.message.hasPrefix("It will be revoked and deleted from this device. If Ada has no other device"))
                #expect(screen.actions.map(\.action) == [.confirm, .back])
                #expect(screen.actions.map(\.label) == ["Delete and replace", "Keep it"])
                #expect(screen.actions.map(\.role) == [.destructive, .dismiss])
            },
            on(.credentialExists, .replace),
            on(.replaceWarning, .confirm),
            on(.noCredential, .close) { [newCredentialChoices] screen in
                #expect(screen.actions.map(\.action) == newCredentialChoices)
            },
        ])
        #expect(await run(sdk, presenter, app) == .closed)
        #expect(app.events.isEmpty)
        #expect(sdk.calls == [.getApplicationCredentials, .delete(ada.handle)])
        #expect(presenter.kinds == [.progress, .credentialExists, .replaceWarning, .credentialExists, .replaceWarning, .progress, .noCredential])
        #expect(presenter.screens[5].title == "Removing the old credential…")
        #expect(presenter.dismissed && presenter.finished)
    }

    @Test func replacedCredentialMakesWayForASignUp() async {
        let sdk = FakeSDK(.init(credentials: [.success([ada])], delete: [.success(Fixtures.credential("Ada", .deviceDeleted))]))
        let app = AppLog()
        let presenter = ScriptedPresenter([
            on(.credentialExists, .replace), on(.replaceWarning, .confirm), on(.noCredential, .signUp),
        ])
        #expect(await run(sdk, presenter, app) == .signUpRequested)
        #expect(app.events == ["signUp"])
        #expect(sdk.calls == [.getApplicationCredentials, .delete(ada.handle)])
    }

    @Test func failedReplaceGoesBackToTheCredential() async {
        let sdk = FakeSDK(.init(credentials: [.success([ada])], delete: [.failure(.serverUnreachable("offline"))]))
        let app = AppLog()
        let presenter = ScriptedPresenter([
            on(.credentialExists, .replace),
            on(.replaceWarning, .confirm),
            on(.error, .back) { screen in #expect(screen.actions.map(\.action) == [.retry, .support, .back, .close]) },
            on(.credentialExists, .close),
        ])
        #expect(await run(sdk, presenter, app) == .closed)
        #expect(sdk.calls == [.getApplicationCredentials, .delete(ada.handle)])
        #expect(presenter.kinds == [.progress, .credentialExists, .replaceWarning, .progress, .error, .credentialExists])
        #expect(presenter.dismissed && presenter.finished)
    }

    @Test func retriedReplaceDeletesAtOnce() async {
        let sdk = FakeSDK(.init(
            credentials: [.success([ada])],
            delete: [.failure(.serverUnreachable("offline")), .success(Fixtures.credential("Ada", .deviceDeleted))]))
        let app = AppLog()
        let presenter = ScriptedPresenter([
            on(.credentialExists, .replace),
            on(.replaceWarning, .confirm),
            on(.error, .retry),
            on(.noCredential, .close),
        ])
        #expect(await run(sdk, presenter, app) == .closed)
        #expect(sdk.calls == [.getApplicationCredentials, .delete(ada.handle), .delete(ada.handle)])
        #expect(presenter.kinds == [
            .progress, .credentialExists, .replaceWarning, .progress, .error, .progress, .noCredential,
        ])
    }

    @Test func cancelledReplaceWarnsAgain() async {
        let sdk = FakeSDK(.init(credentials: [.success([ada])], delete: [nil]))
        let app = AppLog()
        let presenter = ScriptedPresenter([
            on(.credentialExists, .replace),
            on(.replaceWarning, .confirm),
            on(.progress, .cancel),
            on(.replaceWarning, .back),
            on(.credentialExists, .close),
        ])
        #expect(await run(sdk, presenter, app) == .closed)
        #expect(sdk.calls == [.getApplicationCredentials, .delete(ada.handle)])
        #expect(presenter.kinds == [.progress, .credentialExists, .replaceWarning, .progress, .replaceWarning, .credentialExists])
    }

    // MARK: Lookup failures and cancellation

    @Test func lookupFailureCannotGoBackAndClosingEndsWithTheError() async {
        let sdk = FakeSDK(.init(credentials: [.failure(.serverUnreachable("offline"))]))
        let app = AppLog()
        let presenter = ScriptedPresenter([
            on(.error, .close) { screen in
                #expect(screen.title == "The server cannot be reached")
                #expect(screen.message == "Check your connection and try again. Nothing was changed.")
                #expect(screen.actions.map(\.action) == [.retry, .support, .close])
            },
        ])
        #expect(await run(sdk, presenter, app) == .failed(.serverUnreachable("offline")))
        #expect(app.events.isEmpty)
        #expect(sdk.calls == [.getApplicationCredentials])
        #expect(presenter.kinds == [.progress, .error])
        #expect(presenter.dismissed && presenter.finished)
    }

    @Test func lookupFailureIsRetried() async {
        let sdk = FakeSDK(.init(credentials: [.failure(.serverUnreachable("offline")), .success([ada])]))
        let app = AppLog()
        let presenter = ScriptedPresenter([on(.error, .retry), on(.credentialExists, .close)])
        #expect(await run(sdk, presenter, app) == .closed)
        #expect(sdk.calls == [.getApplicationCredentials, .getApplicationCredentials])
        #expect(presenter.kinds == [.progress, .error, .progress, .credentialExists])
        #expect(presenter.dismissed && presenter.finished)
    }

    @Test func cancellingTheTaskOnAScreenEndsTheFlow() async {
        let sdk = FakeSDK(.init(credentials: [.success([ada])]))
        let app = AppLog()
        let task = FlowTask()
        let presenter = ScriptedPresenter([on(.credentialExists, nil, then: { task.cancel() })])
        let (ui, flow, config) = (Fixtures.ui(sdk), app.authenticate, app.config)
        let outcome = await task.run { await ui.continueWithBeyondIdentity(presenter: presenter, authFlow: flow, config: config) }
        #expect(outcome == .cancelled)
        #expect(app.events.isEmpty)
        #expect(sdk.calls == [.getApplicationCredentials])
        #expect(presenter.kinds == [.progress, .credentialExists])
        #expect(presenter.dismissed && presenter.finished)
    }

    @Test func cancellingTheTaskDuringSignInEndsTheFlow() async {
        let sdk = FakeSDK(.init(credentials: [.success([ada])], authenticate: [nil]))
        let app = AppLog()
        let task = FlowTask()
        let presenter = ScriptedPresenter([on(.credentialExists, .signIn(ada.handle)), on(.progress, nil, then: { task.cancel() })])
        let (ui, flow, config) = (Fixtures.ui(sdk), app.authenticate, app.config)
        let outcome = await task.run { await ui.continueWithBeyondIdentity(presenter: presenter, authFlow: flow, config: config) }
        #expect(outcome == .cancelled)
        #expect(app.events.isEmpty)
        #expect(sdk.calls == [.getApplicationCredentials, .authenticate(selected: ada.handle)])
        #expect(presenter.kinds == [.progress, .credentialExists, .progress])
        #expect(presenter.dismissed && presenter.finished)
    }

    @Test func buttonPressRunsTheButtonFlow() async {
        let sdk = FakeSDK(.init(credentials: [.success([ada])], authenticate: [.success(Fixtures.tokens)]))
        let app = AppLog()
        let presenter = ScriptedPresenter([on(.credentialExists, .signIn(ada.handle))])
        let button = BeyondIdentityButton(authFlowType: app.authenticate, config: app.config)
        #expect(button.title == "Continue with passwordless sign-in")
        #expect(await button.press(on: presenter, ui: Fixtures.ui(sdk)) == .authenticated(Fixtures.tokens))
        #expect(app.events == ["tokens id"])
        #expect(sdk.calls == [.getApplicationCredentials, .authenticate(selected: ada.handle)])
    }
}
