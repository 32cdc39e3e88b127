import BeyondIdentityEmbedded
import BeyondIdentityEmbeddedUI
import Foundation
import Testing
import UITestSupport

/// The settings flow, screen by screen, with a scripted presenter and a fake SDK: the list,
/// a credential's details, deleting one (kept, confirmed, failing, cancelled), adding one,
/// the lookup failing, and the app cancelling the flow's task. Extending is in ``ExtendFlowTests``.
@MainActor @Suite struct SettingsFlowTests {
    let ada = Fixtures.credential("Ada")
    let bob = Fixtures.credential("Bob")
    let carol = Fixtures.credential("Carol")
    let adaDeleted = Fixtures.credential("Ada", .deviceDeleted)

    private func run(_ sdk: FakeSDK, _ presenter: ScriptedPresenter, _ app: AppLog) async -> FlowOutcome {
        await Fixtures.ui(sdk).openSettings(presenter: presenter, config: app.config)
    }

    /// The facts the details screen lists for `credential` on the fixtures' device.
    private func facts(_ credential: Credential, state: String) -> [Detail] {
        [
            Detail("Name", credential.identityDisplayName),
            Detail("Username", credential.identityUsername),
            Detail("Realm", "Customers"),
            Detail("Organisation", "Acme"),
            Detail("Created", credential.created.formatted(date: .abbreviated, time: .shortened)),
            Detail("State", state),
            Detail("Root fingerprint (SHA-256)", "root-fingerprint"),
            Detail("Device", "test-host"),
            Detail("System", "TestOS 1.0"),
            Detail("Credential ID", credential.handle.rawValue),
        ]
    }

    // MARK: List and details

    @Test func detailsThenDeleteKeptThenConfirmedThenTheListIsReadAgain() async {
        let sdk = FakeSDK(.init(credentials: [.success([ada, bob]), .success([bob])], delete: [.success(adaDeleted)]))
        let app = AppLog()
        let adaFacts = facts(ada, state: "active")
        let presenter = ScriptedPresenter([
            on(.credentialList, .details(ada.handle)) { [ada, bob] screen in
                #expect(screen.title == "Passwordless sign-in")
                #expect(screen.message == "Credentials on this device:")
                #expect(screen.actions.map(\.action)
                    == [.details(ada.handle), .details(bob.handle), .addCredential, .explain, .support, .close])
                #expect(screen.actions.map(\.label) == [
                    "Ada (Customers) · active", "Bob (Customers) · active", "Add a credential to this device",
                    "What is a credential?", "Contact support", "Close",
                ])
                #expect(screen.actions[2].role == .normal)
            },
            on(.credentialDetails, .delete(ada.handle)) { [ada] screen in
                #expect(screen.title == "Ada (Customers)")
                #expect(screen.details == adaFacts)
                #expect(screen.actions.map(\.action) == [.extend(ada.handle), .delete(ada.handle), .back])
                #expect(screen.actions.map(\.role) == [.primary, .destructive, .dismiss])
            },
            on(.deleteConfirmation, .back) { screen in
                #expect(screen.title == "Delete the credential of Ada?")
                #expect(screen.message.hasPrefix("It will be revoked and removed from this device"))
                #expect(screen.message.hasSuffix("If no other device holds a credential for Ada, recovering the account is the only way back."))
                #expect(screen.actions.map(\.action) == [.confirm, .back])
                #expect(screen.actions.map(\.label) == ["Delete", "Keep it"])
            },
            on(.credentialDetails, .delete(ada.handle)),
            on(.deleteConfirmation, .confirm),
            on(.notice, .back) { screen in
                #expect(screen.title == "Credential deleted")
                #expect(screen.message == "The credential of Ada was revoked and removed from this device.")
                #expect(screen.actions.map(\.action) == [.back])
                #expect(screen.actions.map(\.label) == ["OK"])
            },
            on(.credentialList, .close) { [bob] screen in
                #expect(screen.actions.map(\.action) == [.details(bob.handle), .addCredential, .explain, .support, .close])
            },
        ])
        #expect(await run(sdk, presenter, app) == .closed)
        #expect(app.events.isEmpty)
        #expect(sdk.calls == [.getCredentials, .delete(ada.handle), .getCredentials])
        #expect(presenter.kinds == [
            .progress, .credentialList, .credentialDetails, .deleteConfirmation, .credentialDetails, .deleteConfirmation,
            .progress, .notice, .progress, .credentialList,
        ])
        #expect(presenter.screens[6].title == "Deleting the credential…")
        #expect(presenter.dismissed && presenter.finished)
    }

    @Test func revokedCredentialCannotBeExtended() async {
        let revoked = {
            var credential = Fixtures.credential("Ada", .userDeleted)
            credential.parentHandle = Credential.Handle("cred-Phone")
            return credential
        }()
        let sdk = FakeSDK(.init(credentials: [.success([revoked]), .success([revoked])]))
        let app = AppLog()
        let revokedFacts = facts(revoked, state: "revoked") + [Detail("Added from credential", "cred-Phone")]
        let presenter = ScriptedPresenter([
            on(.credentialList, .details(revoked.handle)) { screen in
                #expect(screen.actions.first?.label == "Ada (Customers) · revoked")
            },
            on(.credentialDetails, .back) { screen in
                #expect(screen.details == revokedFacts)
                #expect(screen.actions.map(\.action) == [.delete(revoked.handle), .back])
            },
            on(.credentialList, .close),
        ])
        #expect(await run(sdk, presenter, app) == .closed)
        #expect(sdk.calls == [.getCredentials, .getCredentials])
        #expect(presenter.kinds == [.progress, .credentialList, .credentialDetails, .progress, .credentialList])
        #expect(presenter.dismissed && presenter.finished)
    }

    @Test func listOffersSupportAndTheExplanation() async {
        let sdk = FakeSDK(.init(credentials: [.success([ada])]))
        let app = AppLog()
        let presenter = ScriptedPresenter([
            on(.credentialList, .support),
            on(.credentialList, .explain),
            on(.explanation, .back),
            on(.credentialList, .close),
        ])
        #expect(await run(sdk, presenter, app) == .closed)
        #expect(presenter.opened == [AppLog.supportURL])
        #expect(sdk.calls == [.getCredentials])
        #expect(presenter.kinds == [.progress, .credentialList, .credentialList, .explanation, .credentialList])
        #expect(presenter.dismissed && presenter.finished)
    }

    // MARK: Adding a credential

    @Test func addCredentialThenBackReadsTheListAgain() async {
        let sdk = FakeSDK(.init(credentials: [.success([ada]), .success([ada])]))
        let app = AppLog()
        let presenter = ScriptedPresenter([
            on(.credentialList, .addCredential),
            on(.noCredential, .back) { screen in
                #expect(screen.message == "This device has no credential for this app yet.")
                #expect(screen.actions.map(\.action) == [.signUp, .addFromAnotherDevice, .recover, .support, .explain, .back])
            },
            on(.credentialList, .close),
        ])
        #expect(await run(sdk, presenter, app) == .closed)
        #expect(app.events.isEmpty)
        #expect(sdk.calls == [.getCredentials, .getCredentials])
        #expect(presenter.kinds == [.progress, .credentialList, .noCredential, .progress, .credentialList])
        #expect(presenter.dismissed && presenter.finished)
    }

    @Test func emptyListAddsACredentialByCodeWithoutSigningIn() async {
        let sdk = FakeSDK(.init(credentials: [.success([]), .success([carol])], importing: [.success([carol])]))
        let app = AppLog()
        let presenter = ScriptedPresenter([
            on(.credentialList, .addCredential) { screen in
                #expect(screen.message == "This device has no credential yet.")
                #expect(screen.actions.map(\.action) == [.addCredential, .explain, .support, .close])
                #expect(screen.actions.first?.role == .primary)
            },
            on(.noCredential, .addFromAnotherDevice),
            on(.enterCode, .submit("987 654 321")),
            on(.credentialList, .close) { [carol] screen in
                #expect(screen.actions.first?.action == .details(carol.handle))
            },
        ])
        #expect(await run(sdk, presenter, app) == .closed)
        #expect(app.events.isEmpty)
        #expect(sdk.calls == [.getCredentials, .importing("987654321"), .getCredentials])
        #expect(presenter.kinds == [.progress, .credentialList, .noCredential, .enterCode, .progress, .progress, .credentialList])
        #expect(presenter.dismissed && presenter.finished)
    }

    @Test func addCredentialSignUpHandsOverToTheApp() async {
        let sdk = FakeSDK(.init(credentials: [.success([])]))
        let app = AppLog()
        let presenter = ScriptedPresenter([on(.credentialList, .addCredential), on(.noCredential, .signUp)])
        #expect(await run(sdk, presenter, app) == .signUpRequested)
        #expect(app.events == ["signUp"])
        #expect(sdk.calls == [.getCredentials])
        #expect(presenter.kinds == [.progress, .credentialList, .noCredential])
    }

    // MARK: Deleting failures

    @Test func failedDeleteGoesBackToTheDetails() async {
        let sdk = FakeSDK(.init(credentials: [.success([ada]), .success([ada])], delete: [.failure(.serverUnreachable("offline"))]))
        let app = AppLog()
        let presenter = ScriptedPresenter([
            on(.credentialList, .details(ada.handle)),
            on(.credentialDetails, .delete(ada.handle)),
            on(.deleteConfirmation, .confirm),
            on(.error, .back) { screen in
                #expect(screen.title == "The server cannot be reached")
                #expect(screen.actions.map(\.action) == [.retry, .support, .back, .close])
            },
            on(.credentialDetails, .back),
            on(.credentialList, .close),
        ])
        #expect(await run(sdk, presenter, app) == .closed)
        #expect(sdk.calls == [.getCredentials, .delete(ada.handle), .getCredentials])
        #expect(presenter.kinds == [
            .progress, .credentialList, .credentialDetails, .deleteConfirmation, .progress, .error, .credentialDetails,
            .progress, .credentialList,
        ])
        #expect(presenter.dismissed && presenter.finished)
    }

    @Test func retriedDeleteDeletesAtOnce() async {
        let sdk = FakeSDK(.init(
            credentials: [.success([ada]), .success([])],
            delete: [.failure(.serverUnreachable("offline")), .success(adaDeleted)]))
        let app = AppLog()
        let presenter = ScriptedPresenter([
            on(.credentialList, .details(ada.handle)),
            on(.credentialDetails, .delete(ada.handle)),
            on(.deleteConfirmation, .confirm),
            on(.error, .retry),
            on(.notice, .back),
            on(.credentialList, .close),
        ])
        #expect(await run(sdk, presenter, app) == .closed)
        #expect(sdk.calls == [.getCredentials, .delete(ada.handle), .delete(ada.handle), .getCredentials])
        #expect(presenter.kinds == [
            .progress, .credentialList, .credentialDetails, .deleteConfirmation, .progress, .error,
            .progress, .notice, .progress, .credentialList,
        ])
    }

    @Test func closingADeleteErrorEndsWithTheError() async {
        let sdk = FakeSDK(.init(credentials: [.success([ada])], delete: [.failure(.credentialNotFound)]))
        let app = AppLog()
        let presenter = ScriptedPresenter([
            on(.credentialList, .details(ada.handle)),
            on(.credentialDetails, .delete(ada.handle)),
            on(.deleteConfirmation, .confirm),
            on(.error, .close) { screen in
                #expect(screen.title == "No credential found")
                #expect(screen.actions.map(\.action) == [.support, .back, .close])
            },
        ])
        #expect(await run(sdk, presenter, app) == .failed(.credentialNotFound))
        #expect(sdk.calls == [.getCredentials, .delete(ada.handle)])
    }

    @Test func cancelledDeleteAsksAgain() async {
        let sdk = FakeSDK(.init(credentials: [.success([ada]), .success([ada])], delete: [nil]))
        let app = AppLog()
        let presenter = ScriptedPresenter([
            on(.credentialList, .details(ada.handle)),
            on(.credentialDetails, .delete(ada.handle)),
            on(.deleteConfirmation, .confirm),
            on(.progress, .cancel) { screen in #expect(screen.title == "Deleting the credential…") },
            on(.deleteConfirmation, .back),
            on(.credentialDetails, .back),
            on(.credentialList, .close),
        ])
        #expect(await run(sdk, presenter, app) == .closed)
        #expect(sdk.calls == [.getCredentials, .delete(ada.handle), .getCredentials])
        #expect(presenter.kinds == [
            .progress, .credentialList, .credentialDetails, .deleteConfirmation, .progress, .deleteConfirmation,
            .credentialDetails, .progress, .credentialList,
        ])
    }

    @Test func closingDuringDeleteEndsTheFlow() async {
        let sdk = FakeSDK(.init(credentials: [.success([ada])], delete: [nil]))
        let app = AppLog()
        let presenter = ScriptedPresenter([
            on(.credentialList, .details(ada.handle)),
            on(.credentialDetails, .delete(ada.handle)),
            on(.deleteConfirmation, .confirm),
            on(.progress, .close),
        ])
        #expect(await run(sdk, presenter, app) == .closed)
        #expect(sdk.calls == [.getCredentials, .delete(ada.handle)])
        #expect(presenter.kinds == [.progress, .credentialList, .credentialDetails, .deleteConfirmation, .progress])
        #expect(presenter.dismissed && presenter.finished)
    }

    // MARK: Lookup failures and cancellation

    @Test func lookupFailureCannotGoBackAndClosingEndsWithTheError() async {
        let sdk = FakeSDK(.init(credentials: [.failure(.keyStoreFailure("locked"))]))
        let app = AppLog()
        let presenter = ScriptedPresenter([
            on(.error, .close) { screen in
                #expect(screen.title == "Something went wrong")
                #expect(screen.message == BISDKError.keyStoreFailure("locked").errorDescription)
                #expect(screen.actions.map(\.action) == [.retry, .support, .close])
            },
        ])
        #expect(await run(sdk, presenter, app) == .failed(.keyStoreFailure("locked")))
        #expect(sdk.calls == [.getCredentials])
        #expect(presenter.kinds == [.progress, .error])
        #expect(presenter.dismissed && presenter.finished)
    }

    @Test func lookupFailureIsRetried() async {
        let sdk = FakeSDK(.init(credentials: [.failure(.serverUnreachable("offline")), .success([ada])]))
        let app = AppLog()
        let presenter = ScriptedPresenter([on(.error, .retry), on(.credentialList, .close)])
        #expect(await run(sdk, presenter, app) == .closed)
        #expect(sdk.calls == [.getCredentials, .getCredentials])
        #expect(presenter.kinds == [.progress, .error, .progress, .credentialList])
    }

    @Test func cancellingTheTaskOnTheListEndsTheFlow() async {
        let sdk = FakeSDK(.init(credentials: [.success([ada])]))
        let app = AppLog()
        let task = FlowTask()
        let presenter = ScriptedPresenter([on(.credentialList, nil, then: { task.cancel() })])
        let (ui, config) = (Fixtures.ui(sdk), app.config)
        let outcome = await task.run { await ui.openSettings(presenter: presenter, config: config) }
        #expect(outcome == .cancelled)
        #expect(sdk.calls == [.getCredentials])
        #expect(presenter.kinds == [.progress, .credentialList])
        #expect(presenter.dismissed && presenter.finished)
    }
}
