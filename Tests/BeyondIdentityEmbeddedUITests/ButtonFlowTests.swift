import BeyondIdentityEmbedded
@testable import BeyondIdentityEmbeddedUI
import Foundation
import Testing

/// The button flow, screen by screen, with a scripted presenter and a fake SDK.
@MainActor @Suite struct ButtonFlowTests {
    let ada = Fixtures.credential("Ada")
    let bob = Fixtures.credential("Bob")

    @Test func oneCredentialContinuesAsItsUser() async throws {
        let sdk = FakeSDK(.init(credentials: [.success([ada])], authenticate: [.success(Fixtures.tokens)]))
        let app = AppLog()
        let presenter = ScriptedPresenter([
            on(.credentialExists, .signIn(ada.handle)) { screen in
                #expect(screen.actions.first?.label == "Continue as Ada")
                #expect(screen.message.contains("Ada (Customers)"))
            },
        ])
        let outcome = await Fixtures.ui(sdk).continueWithBeyondIdentity(presenter: presenter, authFlow: app.authenticate, config: app.config)
        guard case .authenticated(Fixtures.tokens) = outcome else { throw Unexpected(outcome) }
        #expect(app.events == ["tokens id"])
        #expect(sdk.calls == [.getApplicationCredentials, .authenticate(selected: ada.handle)])
        #expect(presenter.kinds == [.progress, .credentialExists, .progress])
        #expect(presenter.dismissed && presenter.finished)
    }
}

/// An outcome a test did not expect.
struct Unexpected: Error, CustomStringConvertible {
    let description: String
    init(_ outcome: FlowOutcome) { description = "unexpected outcome \(outcome)" }
}
