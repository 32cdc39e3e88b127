/// The result of ``Embedded/authenticate(onSelectCredential:)`` and ``Embedded/refreshTokens(_:)``: the tokens of
/// a completed code exchange or refresh, with the ID token already verified by the SDK.
public struct TokenResponse: Sendable, Hashable, CustomStringConvertible {
    /// The access token.
    public var accessToken: AccessToken
    /// The ID token (a compact JWS), verified: ES256 signature by a key of the issuer's JWKS,
    /// `iss`, `aud`, `azp`, `nonce`, `exp`, `iat`.
    public var idToken: String
    /// Renews the sign-in with ``Embedded/refreshTokens(_:)`` when the server issued one. Single
    /// use: every refresh returns the next one.
    public var refreshToken: String?
    /// The credential whose device-bound key the tokens are bound to (DPoP, RFC 9449): the
    /// access token works only with a proof signed by that key
    /// (``Embedded/dpopProof(for:method:url:nonce:)``, ``Embedded/data(for:tokens:)``), and the
    /// refresh token only from this device. `nil` for bearer tokens.
    public var boundCredential: Credential.Handle?

    /// Creates a token response.
    public init(accessToken: AccessToken, idToken: String, refreshToken: String? = nil, boundCredential: Credential.Handle? = nil) {
        self.accessToken = accessToken
        self.idToken = idToken
        self.refreshToken = refreshToken
        self.boundCredential = boundCredential
    }

    /// Whether the tokens are bound to a device key (DPoP) rather than bearer tokens.
    public var isDPoPBound: Bool { boundCredential != nil }

    /// The tokens; the refresh token only as whether there is one.
    public var description: String {
        "TokenResponse(accessToken: \(accessToken), idToken: \(idToken), refreshToken: \(refreshToken == nil ? "none" : "present"), "
            + "boundCredential: \(boundCredential.map(\.rawValue) ?? "none"))"
    }
}
