import BeyondIdentityEmbedded
import BeyondIdentityEmbeddedUI
import Foundation
import Testing
import UITestSupport

/// The texts: the English table, translated tables and their fallback, placeholders, and how
/// each family of SDK error is explained (and which ways out it offers).
@Suite struct TextTests {
    let english = UIStrings.english

    // MARK: UIStrings

    @Test(arguments: UIStrings.Key.allCases)
    func everyKeyHasEnglishText(_ key: UIStrings.Key) {
        let text = english[key]
        #expect(!text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty, "\(key) has no English text")
        #expect(text != key.rawValue, "\(key) shows its key")
    }

    @Test func placeholdersAreOnlyThoseTheCallersFill() {
        // Keys whose text takes arguments: {0}, or {0} and {1}; every other text has none.
        let twoArguments: Set<UIStrings.Key> = [.credentialChoice, .inactiveCredentialNote]
        let oneArgument: Set<UIStrings.Key> = [
            .continueAs, .notYou, .credentialExistsMessage, .replaceTitle, .replaceMessage, .deleteTitle, .deleteMessage,
            .countdown, .deletedMessage, .extendedMessage, .errorRateLimitedMessage, .errorGenericMessage,
            .approveSignInTitle, .enterEmailCodeMessage, .emailCodeWrong, .deviceSetUpMessage,
        ]
        for key in UIStrings.Key.allCases {
            let text = english[key]
            #expect(text.contains("{0}") == (oneArgument.contains(key) || twoArguments.contains(key)), "\(key): \(text)")
            #expect(text.contains("{1}") == twoArguments.contains(key), "\(key): \(text)")
            #expect(!text.contains("{2}"), "\(key): \(text)")
        }
    }

    @Test func placeholdersAreReplaced() {
        #expect(english[.continueAs, "Ada"] == "Continue as Ada")
        #expect(english[.credentialChoice, "Ada (Customers)", "active"] == "Ada (Customers) · active")
        #expect(english[.replaceMessage, "Ada"].components(separatedBy: "Ada").count == 2)
        #expect(english[.countdown, "42"] == "New code in 42 s")
        #expect(english[.errorRateLimitedMessage, "30"] == "Wait 30 seconds, then try again.")
    }

    @Test func missingArgumentsLeaveTheirPlaceholders() {
        #expect(english[.credentialChoice, "Ada"] == "Ada · {1}")
        #expect(english[.continueAs] == "Continue as {0}")
    }

    @Test func aTranslatedTableOverridesItsKeysAndFallsBackToEnglish() {
        let german = UIStrings([.cancel: "Abbrechen", .continueAs: "Weiter als {0}"])
        #expect(german[.cancel] == "Abbrechen")
        #expect(german[.continueAs, "Ada"] == "Weiter als Ada")
        #expect(german[.back] == "Back")
        #expect(german[.credentialChoice, "Ada", "aktiv"] == "Ada · aktiv")
    }

    @Test func theFlowsShowTheTranslatedTexts() async {
        let ada = Fixtures.credential("Ada")
        let sdk = FakeSDK(.init(credentials: [.success([ada])]))
        let presenter = ScriptedPresenter([
            on(.credentialExists, .close) { screen in
                #expect(screen.title == "Willkommen zurück")
                #expect(screen.actions.map(\.label)
                    == ["Weiter als Ada", "Not Ada? Replace this credential", "What is a credential?", "Schließen"])
            },
        ])
        let strings = UIStrings([.credentialExistsTitle: "Willkommen zurück", .continueAs: "Weiter als {0}", .close: "Schließen"])
        let ui = EmbeddedUI(sdk: sdk, strings: strings, device: DeviceDescription(name: "test-host", system: "TestOS 1.0"))
        let config = BeyondIdentityConfig(supportURL: AppLog.supportURL, signUpAction: {}, recoverUserAction: {})
        let outcome = await ui.continueWithBeyondIdentity(presenter: presenter, authFlow: .authenticate { _ in }, config: config)
        #expect(outcome == .closed)
        #expect(presenter.screens.first?.title == "Checking this device…")
    }

    // MARK: ErrorExplanation

    @Test func revokedSuggestsRecoveryNotRetry() {
        let explanation = ErrorExplanation(.credentialRevoked("revoked by an administrator"), strings: english)
        #expect(explanation.title == "This credential was revoked")
        #expect(explanation.message == english[.errorRevokedMessage])
        #expect(!explanation.canRetry)
        #expect(explanation.suggestsRecovery)
    }

    @Test func suspendedIdentityOffersNeither() {
        let explanation = ErrorExplanation(.identityInactive(nil), strings: english)
        #expect(explanation.title == "Your account is suspended")
        #expect(!explanation.canRetry)
        #expect(!explanation.suggestsRecovery)
    }

    @Test func unreachableServerMayBeRetried() {
        let explanation = ErrorExplanation(.serverUnreachable("connection refused"), strings: english)
        #expect(explanation.title == "The server cannot be reached")
        #expect(explanation.message == "Check your connection and try again. Nothing was changed.")
        #expect(explanation.canRetry)
        #expect(!explanation.suggestsRecovery)
    }

    @Test(arguments: [
        BISDKError.invalidBindingToken(nil), .invalidBindingToken("expired"), .invalidLink("not a link"),
        .otherServer(apiBaseURL: "https://elsewhere.example"),
    ])
    func deadLinksSuggestRecoveryNotRetry(_ error: BISDKError) {
        let explanation = ErrorExplanation(error, strings: english)
        #expect(explanation.title == "This link no longer works")
        #expect(!explanation.canRetry)
        #expect(explanation.suggestsRecovery)
    }

    @Test func noCredentialSuggestsRecovery() {
        let explanation = ErrorExplanation(.credentialNotFound, strings: english)
        #expect(explanation.title == "No credential found")
        #expect(!explanation.canRetry)
        #expect(explanation.suggestsRecovery)
    }

    @Test func wrongPassphraseMayBeRetried() {
        let explanation = ErrorExplanation(.wrongPassphrase, strings: english)
        #expect(explanation.title == "Wrong passphrase")
        #expect(explanation.canRetry)
        #expect(!explanation.suggestsRecovery)
    }

    @Test func rateLimitedSaysHowLongToWait() {
        let explanation = ErrorExplanation(.extensionFailed(.rateLimited(retryAfter: 30)), strings: english)
        #expect(explanation.title == "Too many attempts")
        #expect(explanation.message == "Wait 30 seconds, then try again.")
        #expect(explanation.canRetry)
        #expect(!explanation.suggestsRecovery)
        #expect(ErrorExplanation(.extensionFailed(.rateLimited(retryAfter: nil)), strings: english).message
            == "Wait 60 seconds, then try again.")
    }

    @Test(arguments: [
        (ExtensionFailure.wrongCode, "That code did not work"), (.malformedCode, "That code did not work"),
        (.codeExpired, "The code has expired"), (.codeUsed, "The code was already used"),
        (.cancelled, "The other device stopped"), (.otherDeviceGone, "The other device stopped"),
        (.endorsementRejected, "The other device stopped"),
    ])
    func extensionFailuresMayBeRetried(_ failure: ExtensionFailure, title: String) {
        let explanation = ErrorExplanation(.extensionFailed(failure), strings: english)
        #expect(explanation.title == title)
        #expect(!explanation.message.isEmpty && !explanation.message.contains("{0}"))
        #expect(explanation.canRetry)
        #expect(!explanation.suggestsRecovery)
    }

    @Test(arguments: [ExtensionFailure.alreadyRunning, .oneCredentialAtATime])
    func programmingFailuresAreExplainedByTheirDescription(_ failure: ExtensionFailure) {
        let explanation = ErrorExplanation(.extensionFailed(failure), strings: english)
        #expect(explanation.title == "Something went wrong")
        #expect(explanation.message == failure.description)
    }

    @Test(arguments: [
        BISDKError.serverError(status: 500, code: "server_error", description: "database down"), .keyStoreFailure("locked"),
        .invalidServerResponse("not JSON"), .stateMismatch, .description("something odd"),
    ])
    func otherErrorsShowTheirDescriptionAndMayBeRetried(_ error: BISDKError) {
        let explanation = ErrorExplanation(error, strings: english)
        #expect(explanation.title == "Something went wrong")
        #expect(explanation.message == error.errorDescription)
        #expect(explanation.canRetry)
        #expect(!explanation.suggestsRecovery)
    }

    @Test func explanationsUseTheTranslatedTable() {
        let german = UIStrings([.errorRateLimitedTitle: "Zu viele Versuche", .errorRateLimitedMessage: "Warte {0} Sekunden."])
        let explanation = ErrorExplanation(.extensionFailed(.rateLimited(retryAfter: 30)), strings: german)
        #expect(explanation.title == "Zu viele Versuche")
        #expect(explanation.message == "Warte 30 Sekunden.")
    }

    // MARK: Screen values

    @Test func screensOfferTheirActionsAndSubmitOnlyWithAnInput() {
        let choice = Screen(kind: .notice, title: "t", actions: [ScreenAction(.back, "OK")])
        #expect(choice.offers(.back))
        #expect(!choice.offers(.close))
        #expect(!choice.offers(.submit("123456789")))
        let input = Screen(
            kind: .enterCode, title: "t", input: InputField(prompt: "Code", placeholder: "", allowsScanning: true), actions: [])
        #expect(input.offers(.submit("anything")))
        #expect(!input.offers(.back))
    }

    @Test func shownCodeCountsWholeSecondsUp() {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let code = ShownCode(token: Fixtures.shownToken("123456789", validUntil: now + 41.2), qrCode: nil)
        #expect(code.secondsLeft(at: now) == 42)
        #expect(code.secondsLeft(at: now + 41.2) == 0)
        #expect(code.secondsLeft(at: now + 100) == 0)
        #expect(ShownCode(token: CredentialToken(value: "123456789"), qrCode: nil).secondsLeft(at: now) == nil)
    }

    @Test func shownCodesDifferByDeadline() {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let code = ShownCode(token: Fixtures.shownToken("123456789", validUntil: now), qrCode: nil)
        #expect(code == ShownCode(token: Fixtures.shownToken("123-456-789", validUntil: now), qrCode: nil))
        #expect(code != ShownCode(token: Fixtures.shownToken("123456789", validUntil: now + 90), qrCode: nil))
        #expect(code != ShownCode(token: Fixtures.shownToken("987654321", validUntil: now), qrCode: nil))
    }
}
