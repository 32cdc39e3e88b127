import ArgumentParser
import BeyondIdentityEmbedded
import BeyondIdentityEmbeddedUI
import Foundation
import IdentityProtocol

/// What every `bi ui` command shares: the sign-in flow type, the support link, how the result
/// is printed, and running a flow in the terminal until it ends or Ctrl-C cancels it.
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
    @Flag(help: "Print the result as one JSON object, on the last line: the tokens (or the code) and who signed in.")
    var json = false
    @OptionGroup var tokens: TokenOptions

    /// The flow type. Its callback prints nothing: ``run(_:_:)`` prints the result from the
    /// flow's outcome, once the screens are gone.
    var authFlow: AuthFlowType {
        switch flow {
        case .authenticate: .authenticate { _ in }
        case .authorize: .authorize(pkce: nil, scope: scope) { _ in }
        }
    }

    /// Support, and sign-up and recovery actions; ``run(_:_:)`` prints how to get an enrollment
    /// link when the flow ends on one (bi has no account page).
    var config: BeyondIdentityConfig {
        BeyondIdentityConfig(
            supportURL: URL(string: supportURL) ?? URL(string: "mailto:support@example.com")!,
            signUpAction: {}, recoverUserAction: {})
    }

    /// Runs `flow` with the device's SDK and a terminal presenter, then prints how it ended: who
    /// signed in, and the token's type, scope and expiry (the tokens with `--show-tokens`) or the
    /// authorization code. Ctrl-C cancels it (exit 130); a flow that ends on an error exits 1.
    func run(_ device: DeviceOptions, _ flow: @escaping @Sendable (EmbeddedUI, TerminalPresenter) async -> FlowOutcome) async throws {
        try await Output.run {
            let sdk = try device.sdk()
            let ui = EmbeddedUI(sdk: sdk)
            let task = Task { await flow(ui, TerminalPresenter()) }
            let interrupt = Interrupt { task.cancel() }
            defer { interrupt.stop() }
            switch await task.value {
            case .cancelled: throw ExitCode(130)
            case let .failed(error): throw error
            case let .authenticated(tokens):
                let report = await SignInReport(tokens, sdk: sdk)
                try Output.event(report, json: json, lines: report.lines("signed in as", showTokens: self.tokens.showTokens))
            case let .authorized(code):
                // The code does not say who; the application's credentials do when they are one identity's.
                let identity = SignedInIdentity.only(among: (try? await sdk.getApplicationCredentials()) ?? [])
                try Output.event(
                    Authorized(code: code.value, identity: identity), json: json,
                    lines: ["signed in\(identity.map { " as \($0)" } ?? ""): authorization code \(code.value)"])
            case .signUpRequested: print(Self.enrollmentHelp(kind: .registration))
            case .recoveryRequested: print(Self.enrollmentHelp(kind: .recovery))
            case .signInApproved: try Output.event(["state": "approved"], json: json, lines: ["approved: continue on your other device"])
            case .signInDeclined: try Output.event(["state": "declined"], json: json, lines: ["declined: nobody was signed in"])
            case let .signedIn(response):
                let url = response.redirectURL.absoluteString
                try Output.event(["state": "signed_in", "redirect_url": url], json: json, lines: ["signed in: open \(url)"])
            case .closed: break
            }
        }
    }

    /// The result of `--flow authorize`, for `--json`.
    private struct Authorized: Encodable {
        let code: String
        let identity: SignedInIdentity?
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
