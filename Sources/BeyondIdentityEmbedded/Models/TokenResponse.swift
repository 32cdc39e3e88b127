/// The result of ``Embedded/authenticate()``: the tokens of a completed code exchange, with the
/// ID token already verified by the SDK.
public struct TokenResponse: Sendable, Hashable, CustomStringConvertible {
    /// The access token.
    public var accessToken: AccessToken
    /// The ID token (a compact JWS), verified: ES256 signature by a key of the issuer's JWKS,
    /// `iss`, `aud`, `azp`, `nonce`, `exp`, `iat`.
    public var idToken: String

    /// Creates a token response.
    public init(accessToken: AccessToken, idToken: String) {
        self.accessToken = accessToken
        self.idToken = idToken
    }

    /// Both tokens.
    public var description: String { "TokenResponse(accessToken: \(accessToken), idToken: \(idToken))" }
}
