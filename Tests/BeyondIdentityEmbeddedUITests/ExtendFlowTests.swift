import BeyondIdentityEmbedded
import BeyondIdentityEmbeddedUI
import Foundation
import Testing
import UITestSupport

/// Adding a credential to another device from the settings flow: the code screens as the
/// extension reports codes, then done, cancelled (on the code, while preparing, by closing),
/// failing, and the app cancelling the flow's task. The fake extension is driven from the steps.
@MainActor @Suite struct ExtendFlowTests {
    let ada = Fixtures.credential("Ada")
    let first = Fixtures.shownToken("123456789", validUntil: Date(timeIntervalSince1970: 1_800_000_090))
    let second = Fixtures.shownToken("987654321", validUntil: Date(timeIntervalSince1970: 1_800_000_180))

    private func run(_ sdk: FakeSDK, _ presenter: ScriptedPresenter, _ app: AppLog) async -> FlowOutcome {
        await Fixtures.ui(sdk).openSettings(presenter: presenter, config: app.config)
    }

    /// The steps from the list to the preparing screen, which answers `answer` (`nil`: waits until
    /// replaced) after starting the extension with `token` (`nil`: sends nothing).
    private func toPreparing(_ sdk: FakeSDK, answer: UserAction? = nil, starting token: CredentialToken?) -> [ScriptedPresenter.Step] {
        [
            on(.credentialList, .details(ada.handle)),
            on(.credentialDetails, .extend(ada.handle)),
            on(.progress, answer) { screen in
                #expect(screen.title == "Preparing a code…")
                #expect(screen.inProgress)
                #expect(screen.actions.map(\.action) == [.cancel])
            } then: {
                if let token { sdk.extensionSends(.started(token, nil)) }
            },
        ]
    }

    /// Expects `kinds` to be `before` then `after`, with the screen shown while a cancellation
    /// reaches the server (a progress screen without choices) between them or not: the fake ends
    /// the extension at once, so whether that screen appeared first is a race; nothing of the
    /// extension may appear after it.
    private func expectKinds(
        _ presenter: ScriptedPresenter, _ before: [ScreenKind], stopping after: [ScreenKind],
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let kinds = presenter.kinds
        #expect(kinds == before + after || kinds == before + [.progress] + after, sourceLocation: sourceLocation)
        for screen in presenter.screens where screen.title == "Cancelling…" {
            #expect(screen.kind == .progress && screen.inProgress && screen.actions.isEmpty, sourceLocation: sourceLocation)
        }
    }

    @Test func codeScreensFollowTheExtensionUntilDone() async {
        let sdk = FakeSDK(.init(credentials: [.success([ada]), .success([ada])]))
        let app = AppLog()
        let (first, second) = (first, second)
        let presenter = ScriptedPresenter(toPreparing(sdk, starting: first) + [
            on(.showCode, nil) { screen in
                #expect(screen.title == "Add to another device")
                #expect(screen.message.hasPrefix("On the other device, choose “Add this device from another device”"))
                #expect(screen.code == ShownCode(token: first, qrCode: nil))
                #expect(screen.code?.token.value == "123456789")
                #expect(screen.code?.token.validUntil == Date(timeIntervalSince1970: 1_800_000_090))
                #expect(screen.actions.map(\.action) == [.cancel])
            } then: {
                sdk.extensionSends(.tokenUpdated(second, nil))
            },
            on(.showCode, nil) { screen in
                #expect(screen.code?.token.value == "987654321")
                #expect(screen.code?.token.validUntil == Date(timeIntervalSince1970: 1_800_000_180))
            } then: {
                sdk.extensionSends(.done)
                sdk.extensionSends(nil)
            },
            on(.notice, .back) { screen in
                #expect(screen.title == "Device added")
                #expect(screen.message == "The other device can now sign in as Ada.")
            },
            on(.credentialList, .close),
        ])
        #expect(await run(sdk, presenter, app) == .closed)
        #expect(app.events.isEmpty)
        #expect(sdk.calls == [.getCredentials, .extend([ada.handle]), .getCredentials])
        #expect(presenter.kinds == [
            .progress, .credentialList, .credentialDetails, .progress, .showCode, .showCode, .notice, .progress, .credentialList,
        ])
        #expect(presenter.dismissed && presenter.finished)
    }

    @Test func cancelOnTheCodeEndsTheExtensionOnTheServer() async {
        let sdk = FakeSDK(.init(credentials: [.success([ada]), .success([ada])]))
        let app = AppLog()
        let presenter = ScriptedPresenter(toPreparing(sdk, starting: first) + [
            on(.showCode, .cancel),
            on(.notice, .back) { screen in
                #expect(screen.title == "Cancelled")
                #expect(screen.message == "The code no longer works.")
                #expect(screen.actions.map(\.action) == [.back])
            },
            on(.credentialDetails, .back),
            on(.credentialList, .close),
        ])
        #expect(await run(sdk, presenter, app) == .closed)
        #expect(app.events.isEmpty)
        #expect(sdk.calls == [.getCredentials, .extend([ada.handle]), .cancelExtend, .getCredentials])
        expectKinds(
            presenter, [.progress, .credentialList, .credentialDetails, .progress, .showCode],
            stopping: [.notice, .credentialDetails, .progress, .credentialList])
        #expect(presenter.dismissed && presenter.finished)
    }

    @Test func cancelWhilePreparingEndsTheExtensionBeforeAnyCode() async {
        let sdk = FakeSDK(.init(credentials: [.success([ada]), .success([ada])], cancelEndsExtensionWith: .userCancelled))
        let app = AppLog()
        let presenter = ScriptedPresenter(toPreparing(sdk, answer: .cancel, starting: nil) + [
            on(.notice, .back) { screen in #expect(screen.title == "Cancelled") },
            on(.credentialDetails, .back),
            on(.credentialList, .close),
        ])
        #expect(await run(sdk, presenter, app) == .closed)
        #expect(sdk.calls == [.getCredentials, .extend([ada.handle]), .cancelExtend, .getCredentials])
        expectKinds(
            presenter, [.progress, .credentialList, .credentialDetails, .progress],
            stopping: [.notice, .credentialDetails, .progress, .credentialList])
        #expect(presenter.dismissed && presenter.finished)
    }

    @Test func closingOnTheCodeEndsTheExtensionAndTheFlow() async {
        let sdk = FakeSDK(.init(credentials: [.success([ada])]))
        let app = AppLog()
        let presenter = ScriptedPresenter(toPreparing(sdk, starting: first) + [on(.showCode, .close)])
        #expect(await run(sdk, presenter, app) == .closed)
        #expect(sdk.calls == [.getCredentials, .extend([ada.handle]), .cancelExtend])
        expectKinds(presenter, [.progress, .credentialList, .credentialDetails, .progress, .showCode], stopping: [])
        #expect(presenter.dismissed && presenter.finished)
    }

    @Test func failedExtensionShowsTheErrorThenTheDetails() async {
        let sdk = FakeSDK(.init(credentials: [.success([ada]), .success([ada])]))
        let app = AppLog()
        let presenter = ScriptedPresenter(toPreparing(sdk, starting: first) + [
            on(.showCode, nil, then: { sdk.extensionSends(nil, error: .extensionFailed(.otherDeviceGone)) }),
            on(.error, .back) { screen in
                #expect(screen.title == "The other device stopped")
                #expect(screen.message == "It cancelled or stopped answering. Start again on both devices.")
                #expect(screen.actions.map(\.action) == [.retry, .support, .back, .close])
            },
            on(.credentialDetails, .back),
            on(.credentialList, .close),
        ])
        #expect(await run(sdk, presenter, app) == .closed)
        #expect(sdk.calls == [.getCredentials, .extend([ada.handle]), .getCredentials])
        #expect(presenter.kinds == [
            .progress, .credentialList, .credentialDetails, .progress, .showCode, .error, .credentialDetails, .progress,
            .credentialList,
        ])
        #expect(presenter.dismissed && presenter.finished)
    }

    @Test func retryAfterAFailedExtensionStartsAnotherOne() async {
        let sdk = FakeSDK(.init(credentials: [.success([ada]), .success([ada])]))
        let app = AppLog()
        let second = second
        let presenter = ScriptedPresenter([
            on(.credentialList, .details(ada.handle)),
            on(.credentialDetails, .extend(ada.handle)),
            on(.progress, nil, then: { sdk.extensionSends(nil, error: .extensionFailed(.rateLimited(retryAfter: 30))) }),
            on(.error, .retry) { screen in
                #expect(screen.title == "Too many attempts")
                #expect(screen.message == "Wait 30 seconds, then try again.")
            },
            on(.credentialDetails, .extend(ada.handle)),
            on(.progress, nil, then: { sdk.extensionSends(.started(second, nil)) }),
            on(.showCode, nil) { screen in
                #expect(screen.code == ShownCode(token: second, qrCode: nil))
            } then: {
                sdk.extensionSends(.done)
                sdk.extensionSends(nil)
            },
            on(.notice, .back),
            on(.credentialList, .close),
        ])
        #expect(await run(sdk, presenter, app) == .closed)
        #expect(sdk.calls == [.getCredentials, .extend([ada.handle]), .extend([ada.handle]), .getCredentials])
        #expect(presenter.kinds == [
            .progress, .credentialList, .credentialDetails, .progress, .error, .credentialDetails, .progress, .showCode,
            .notice, .progress, .credentialList,
        ])
        #expect(presenter.dismissed && presenter.finished)
    }

    @Test func extensionThatCannotStartEndsWithTheError() async {
        let sdk = FakeSDK(.init(credentials: [.success([ada])]))
        let app = AppLog()
        let presenter = ScriptedPresenter([
            on(.credentialList, .details(ada.handle)),
            on(.credentialDetails, .extend(ada.handle)),
            on(.progress, nil, then: { sdk.extensionSends(nil, error: .extensionFailed(.alreadyRunning)) }),
            on(.error, .close) { screen in
                #expect(screen.title == "Something went wrong")
                #expect(screen.message == "an extension is already running; cancel it first")
            },
        ])
        #expect(await run(sdk, presenter, app) == .failed(.extensionFailed(.alreadyRunning)))
        #expect(sdk.calls == [.getCredentials, .extend([ada.handle])])
        #expect(presenter.kinds == [.progress, .credentialList, .credentialDetails, .progress, .error])
        #expect(presenter.dismissed && presenter.finished)
    }

    @Test func cancellingTheTaskOnTheCodeStopsTheExtensionAndShowsNothingMore() async {
        let sdk = FakeSDK(.init(credentials: [.success([ada])]))
        let app = AppLog()
        let task = FlowTask()
        let presenter = ScriptedPresenter(toPreparing(sdk, starting: first) + [on(.showCode, nil, then: { task.cancel() })])
        let (ui, config) = (Fixtures.ui(sdk), app.config)
        let outcome = await task.run { await ui.openSettings(presenter: presenter, config: config) }
        #expect(outcome == .cancelled)
        #expect(sdk.calls == [.getCredentials, .extend([ada.handle]), .cancelExtend])
        #expect(presenter.kinds == [.progress, .credentialList, .credentialDetails, .progress, .showCode])
        #expect(presenter.dismissed && presenter.finished)
    }
}
