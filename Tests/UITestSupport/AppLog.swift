public import BeyondIdentityEmbeddedUI
public import BeyondIdentityEmbedded
public import Foundation
import Synchronization

/// An app's side of the UI: records what its callbacks and actions received.
public final class AppLog: Sendable {
    /// The support link the configuration names.
    public static let supportURL = URL(string: "mailto:help@app.example")!
    private let recorded = Mutex<[String]>([])

    /// An empty log.
    public init() {}

    /// What happened, in order: `signUp`, `recover`, `tokens ID_TOKEN`, `code CODE`.
    public var events: [String] { recorded.withLock { $0 } }

    /// A configuration whose actions append to ``events``.
    public var config: BeyondIdentityConfig {
        BeyondIdentityConfig(
            supportURL: Self.supportURL, signUpAction: { self.append("signUp") }, recoverUserAction: { self.append("recover") })
    }

    /// The public-client flow type, appending `tokens ID_TOKEN`.
    public var authenticate: AuthFlowType {
        .authenticate { self.append("tokens \($0.idToken)") }
    }

    /// The confidential-client flow type, appending `code CODE`.
    public func authorize(pkce: PKCE.CodeChallenge?, scope: String) -> AuthFlowType {
        .authorize(pkce: pkce, scope: scope) { self.append("code \($0.value)") }
    }

    /// The registration flow's configuration, signing in by `flow`.
    public func registerConfig(_ flow: AuthFlowType) -> RegisterConfig {
        RegisterConfig(authFlowType: flow, supportURL: Self.supportURL, recoverUserAction: { self.append("recover") })
    }

    private func append(_ event: String) {
        recorded.withLock { $0.append(event) }
    }
}
