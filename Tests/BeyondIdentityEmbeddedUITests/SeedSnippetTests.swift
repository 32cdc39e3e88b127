import BeyondIdentityEmbedded
import BeyondIdentityEmbeddedUI
import Foundation
import Testing

// The Swift snippets of seed 003 (EmbeddedUI), compiled against the public API with only the
// edits a reader makes anyway: placeholders filled (`viewModel`, `vm`, `logger`, `authFlow`,
// `config`, `authenticationCompletion`), UIKit lines removed (`addTarget`, `@objc`,
// `pushViewController`, `present(CustomNavigationController…)`, the `UIScene` signature, whose
// URL becomes a parameter), and `parentVC` / `window` / `self` standing for a presenter, as the
// issue allows: a view controller on Apple platforms, the presenter that draws screens here.
// The flows are never started: they would reach a server.

/// The seeds' `viewModel` / `vm` placeholder.
struct SeedUIViewModel {
    var biometricAskPromptText = "Sign in to Example"
    var confidentialClientID = "example-app"
    var redirectURI = "https://app.example/callback"
    var supportURL = URL(string: "https://app.example/support")!
    var registrationEndpoint = URL(string: "https://app.example/signup")!
    var recoverUserEndpoint = URL(string: "https://app.example/recover")!
}

/// A stand-in for the seed's view controller (and scene delegate): it presents by forwarding
/// to a terminal presenter, so `self`, `parentVC` and `window` are presenters.
@MainActor final class SeedViewController: FlowPresenter {
    let viewModel = SeedUIViewModel()
    var vm: SeedUIViewModel { viewModel }
    let logger: @Sendable (LogLevel, String) -> Void = { level, message in print("[\(level)] \(message)") }
    var parentViewController: (any FlowPresenter)? = TerminalPresenter(styled: false)
    var window: (any FlowPresenter)? { parentViewController }
    var authFlow: AuthFlowType { .authenticate(callback: authenticationCompletion) }
    var config: BeyondIdentityConfig {
        BeyondIdentityConfig(supportURL: viewModel.supportURL, signUpAction: signUpAction, recoverUserAction: recoverUserAction)
    }
    var events: [String] = []

    func present(_ screen: Screen) async -> UserAction { await parentViewController?.present(screen) ?? .close }
    func open(_ url: URL) async { await parentViewController?.open(url) }
    func dismiss() async { await parentViewController?.dismiss() }

    func authenticationCompletion(_ tokenResponse: TokenResponse) { events.append("\(tokenResponse)") }

    func setup() {
        initializeBeyondIdentity(
             biometricAskPrompt: viewModel.biometricAskPromptText,
             clientID: viewModel.confidentialClientID,
             redirectURI: viewModel.redirectURI,
             logger: logger
        )
    }

    func button() -> BeyondIdentityButton {
        BeyondIdentityButton(
             authFlowType: .authenticate(callback: authenticationCompletion),
             config: BeyondIdentityConfig(
                 supportURL: viewModel.supportURL,
                 signUpAction: signUpAction,
                 recoverUserAction: recoverUserAction
             )
        )
    }

    private func signIn(){
        if let parentVC = self.parentViewController {
            continueWithBeyondIdentity(for: parentVC, authFlow: authFlow, config: config)
        }
    }

    func signUpAction() {
        events.append("sign up at \(viewModel.registrationEndpoint)")
    }

    func recoverUserAction() {
        events.append("recover at \(viewModel.recoverUserEndpoint)")
    }

    func scene(openURLContexts url: URL?) {
        if let url {

            registerCredentialAndLogin(
                  window: window,
                  url: url,
                  config: RegisterConfig(
                        authFlowType: .authenticate(
                            callback: { tokenResponse in
                                print(tokenResponse)
                            }
                         ),
                         supportURL: vm.supportURL,
                         recoverUserAction: recoverUserAction
                  )
             )

        }
    }

    func settings() {
        openBeyondIdentitySettings(
            with: self,
            config: BeyondIdentityConfig(
                supportURL: viewModel.supportURL,
                signUpAction: signUpAction,
                recoverUserAction: recoverUserAction
            )
        )
    }

    func customButton(authFlow: AuthFlowType, config: BeyondIdentityConfig) {
        Embedded.shared.getCredentials { result in
            switch result {
            case let .success(credentials):
                if credentials.isEmpty {
                    print("no credential: sign up", authFlow, config.supportURL)
                } else if credentials.count == 1 {
                    print("credential exists")
                } else {
                    // show selection, currently not supported
                    break
                }
            case let .failure(error):
                print(error)
            }
        }
    }
}

@MainActor @Suite struct SeedUISnippetTests {
    /// `initializeBeyondIdentity` (the one snippet that reaches no server) configures `Embedded.shared`.
    @Test func initializeConfiguresTheSharedSDK() {
        SeedViewController().setup()
        #expect(Embedded.shared.isAuthenticateUrl(
            URL(string: "https://app.example/invoke?transaction=t&api_base_url=http://127.0.0.1:8080")!))
    }

    /// The button keeps the flow type and configuration it was made with.
    @Test func theButtonCarriesItsConfiguration() {
        let controller = SeedViewController()
        let button = controller.button()
        #expect(button.config.supportURL == controller.viewModel.supportURL)
        guard case .authenticate = button.authFlowType else {
            Issue.record("the button lost its flow type")
            return
        }
    }
}
