@testable import BeyondIdentityEmbedded
import BeyondIdentityEmbeddedUI
import Foundation

/// Values the UI tests share.
enum Fixtures {
    static let tokens = TokenResponse(accessToken: AccessToken(value: "at", type: "Bearer", expiresIn: 3600), idToken: "id")
    static let authorizationCode = AuthorizationCode(value: "code-1")
    static let challenge = PKCE.CodeChallenge(challenge: "challenge-1", method: "S256")
    static let enrollmentLink = URL(string: "http://127.0.0.1:8080/bind?token=enroll-1")!

    /// A credential of `name` in `state`.
    static func credential(_ name: String, _ state: CredentialState = .active) -> Credential {
        Credential(
            handle: Credential.Handle("cred-\(name)"), keyHandle: Credential.KeyHandle(rawValue: "key-\(name)"), state: state,
            created: Date(timeIntervalSince1970: 1_800_000_000), apiBaseURL: URL(string: "http://127.0.0.1:8080")!,
            chain: [], rootFingerprint: "root-fingerprint", tenantID: "t", tenantDisplayName: "Acme", realmID: "r",
            realmDisplayName: "Customers", identityID: "id-\(name)", identityUsername: name.lowercased(),
            identityDisplayName: name)
    }

    /// A code the SDK shows (its digits and deadline), as ``ExtendCredentialsStatus`` carries it.
    static func shownToken(_ digits: String, validUntil: Date) -> CredentialToken {
        CredentialToken(value: digits, validUntil: validUntil)
    }

    /// A UI over `sdk` with a fixed device description.
    static func ui(_ sdk: FakeSDK) -> EmbeddedUI {
        EmbeddedUI(sdk: sdk, device: DeviceDescription(name: "test-host", system: "TestOS 1.0"))
    }
}
