import BeyondIdentityEmbedded
import BeyondIdentityEmbeddedUI
import Foundation

/// Values the UI tests share.
enum Fixtures {
    static let supportURL = URL(string: "mailto:help@app.example")!
    static let tokens = TokenResponse(accessToken: AccessToken(value: "at", type: "Bearer", expiresIn: 3600), idToken: "id")

    /// A credential of `name` in `state`.
    static func credential(_ name: String, _ state: CredentialState = .active) -> Credential {
        Credential(
            handle: Credential.Handle("cred-\(name)"), keyHandle: Credential.KeyHandle(rawValue: "key-\(name)"), state: state,
            created: Date(timeIntervalSince1970: 1_800_000_000), apiBaseURL: URL(string: "http://127.0.0.1:8080")!,
            chain: [], rootFingerprint: "root-fingerprint", tenantID: "t", tenantDisplayName: "Acme", realmID: "r",
            realmDisplayName: "Customers", identityID: "id-\(name)", identityUsername: name.lowercased(),
            identityDisplayName: name)
    }

    /// A UI over `sdk` with a fixed device description.
    static func ui(_ sdk: FakeSDK) -> EmbeddedUI {
        EmbeddedUI(sdk: sdk, device: DeviceDescription(name: "test-host", system: "TestOS 1.0"))
    }
}

/// What the app's callbacks received, on the main actor.
@MainActor final class AppLog {
    var events: [String] = []

    var config: BeyondIdentityConfig {
        BeyondIdentityConfig(
            supportURL: Fixtures.supportURL, signUpAction: { self.events.append("signUp") },
            recoverUserAction: { self.events.append("recover") })
    }

    var authenticate: AuthFlowType {
        .authenticate { self.events.append("tokens \($0.idToken)") }
    }
}
