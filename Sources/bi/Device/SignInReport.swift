import BeyondIdentityEmbedded
import Foundation

/// What the CLI prints of a sign-in (`bi device authenticate`, `bi device refresh`, `bi ui`):
/// one line with who signed in and the access token's type, scope and expiry; the tokens too
/// with `--show-tokens`; with `--json`, one object with the tokens (``DeviceSession``'s keys)
/// and who signed in (`identity`).
struct SignInReport: Encodable {
    let session: DeviceSession
    /// Who signed in; `nil` only when the ID token has no readable subject.
    let identity: SignedInIdentity?

    /// The report of `tokens`, naming who signed in from `sdk`'s credentials.
    init(_ tokens: TokenResponse, sdk: Embedded) async {
        session = DeviceSession(tokens)
        identity = SignedInIdentity(idToken: tokens.idToken, among: (try? await sdk.getCredentials()) ?? [])
    }

    /// The text: "`event` WHO: TYPE token, scope …, expires in … s" (`event` is "signed in as",
    /// say), then the tokens if `showTokens`.
    func lines(_ event: String, showTokens: Bool) -> [String] {
        ["\(event) \(identity?.description ?? "an identity the ID token does not name"): \(session.summary)"]
            + (showTokens ? session.tokenLines : [])
    }

    private enum CodingKeys: String, CodingKey {
        case identity
    }

    /// The session's keys and `identity`, in one object.
    func encode(to encoder: any Encoder) throws {
        try session.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(identity, forKey: .identity)
    }
}
