import ArgumentParser
import BeyondIdentityEmbedded
import BeyondIdentityEmbeddedUI
import Foundation
import IdentityProtocol

/// What every `bi ui` command shares: the sign-in flow type, the support link, and running a
/// flow in the terminal until it ends or Ctrl-C cancels it.
struct UIOptions: ParsableArguments {
    /// How the sign-in ends.
    enum Flow: String, ExpressibleByArgument, CaseIterable {
        /// A public client: tokens, ID token verified by the SDK.
        case authenticate
        /// A confidential client: an authorization code for a backend.
        case authorize
    }

    @Option(help: "authenticate (public client: tokens) or authorize (confidential client: a code).")
    var flow: Flow = .authenticate
    @Option(help: "Scopes to request with --flow authorize, space separated.")
    var scope = "openid"
    @Option(help: "The support page or mailto: address error screens offer.")
    var supportURL = "mailto:support@example.com"

    /// The flow type: prints what the sign-in returned.
    var authFlow: AuthFlowType {
        switch flow {
        case .authenticate:
            .authenticate { tokens in
                print("signed in; ID token verified\naccess token (\(tokens.accessToken.type), \(tokens.accessToken.expiresIn) s): \(tokens.accessToken.value)\nID token: \(tokens.idToken)")
            }
        case .authorize:
            .authorize(pkce: nil, scope: scope) { code in print("signed in; authorization code: \(code.value)") }
        }
    }

    /// Support, and sign-up and recovery actions that say how to get an enrollment link (bi has no account page).
    var config: BeyondIdentityConfig {
        BeyondIdentityConfig(
            supportURL: URL(string: supportURL) ?? URL(string: "mailto:support@example.com")!,
            signUpAction: { print(Self.enrollmentHelp(kind: .registration)) },
            recoverUserAction: { print(Self.enrollmentHelp(kind: .recovery)) })
    }

    /// Runs `flow` with the device's SDK and a terminal presenter; Ctrl-C cancels it (exit 130),
    /// a flow that ends on an error exits 1.
    func run(_ device: DeviceOptions, _ flow: @escaping @Sendable (EmbeddedUI, TerminalPresenter) async -> FlowOutcome) async throws {
        try await Output.run {
            let ui = EmbeddedUI(sdk: try device.sdk())
            let task = Task { await flow(ui, TerminalPresenter()) }
            let interrupt = Interrupt { task.cancel() }
            defer { interrupt.stop() }
            switch await task.value {
            case .cancelled: throw ExitCode(130)
            case let .failed(error): throw error
            default: break
            }
        }
    }

    private static func enrollmentHelp(kind: BindingJobKind) -> String {
        """
        bi has no account page: an administrator creates the identity and an enrollment link for it:
          bi admin identities create --tenant T --realm R --username NAME --email ADDRESS
          bi admin binding-jobs create --tenant T --realm R --identity I --kind \(kind) --delivery return
        then open the link on this device:
          bi ui register --device DIR 'LINK'
        """
    }
}
