internal import IdentityProtocol

/// Proof Key for Code Exchange (RFC 7636) with the `S256` method.
public struct PKCE: Sendable, Hashable {
    /// The secret verifier (RFC 7636 §4.1), sent with the code exchange.
    public var codeVerifier: String
    /// The challenge derived from the verifier (RFC 7636 §4.2), sent with the authorization request.
    public var codeChallenge: CodeChallenge

    /// A fresh verifier of 32 random bytes and its `S256` challenge.
    public init() {
        let verifier = PKCES256.makeVerifier()
        self.codeVerifier = verifier
        self.codeChallenge = CodeChallenge(challenge: PKCES256.challenge(for: verifier), method: PKCES256.method)
    }
}
