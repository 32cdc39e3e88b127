public import JWTKit

/// ID token claims (OpenID Connect Core §2), as the server signs them and the SDK reads them.
/// What Core §2 makes optional is optional here, so a reader never fails on a token without it.
/// Our server's tokens carry every one: `amr` says how the user authenticated (RFC 8176: `hwk`
/// or `swk` for a device key, with `user`, `face`, `fpt` or `pin` when the key store verified
/// the user; `otp` for an email code), `acr` what that amounts to (``AssuranceLevel``), and
/// `sid` names the session (Front-Channel Logout §3, for RP-initiated logout).
public struct IDTokenClaims: JWTPayload, Equatable {
    /// The header `typ` our ID tokens carry.
    public static let type = "JWT"

    public var iss: IssuerClaim
    public var sub: SubjectClaim
    public var aud: AudienceClaim
    public var exp: ExpirationClaim
    public var iat: IssuedAtClaim
    /// When the user authenticated, in seconds since 1970 (`auth_time`).
    public var authTime: Int64?
    /// The value the relying party sent in its authorization request.
    public var nonce: String?
    /// The client the token was issued to (`azp`).
    public var azp: String?
    /// Authentication methods references (RFC 8176).
    public var amr: [String]?
    /// The assurance level the sign-in reached (``AssuranceLevel``).
    public var acr: String?
    public var jti: IDClaim?
    /// The session, for logout.
    public var sid: String?
    /// The names of the user's groups, when the `groups` scope was granted.
    public var groups: [String]?

    /// Claims to sign.
    public init(
        iss: IssuerClaim, sub: SubjectClaim, aud: AudienceClaim, exp: ExpirationClaim, iat: IssuedAtClaim, authTime: Int64?,
        nonce: String?, azp: String?, amr: [String]?, acr: String? = nil, jti: IDClaim?, sid: String?, groups: [String]? = nil
    ) {
        (self.iss, self.sub, self.aud, self.exp, self.iat) = (iss, sub, aud, exp, iat)
        (self.authTime, self.nonce, self.azp, self.amr, self.acr, self.jti, self.sid) = (authTime, nonce, azp, amr, acr, jti, sid)
        self.groups = groups
    }

    enum CodingKeys: String, CodingKey {
        case iss, sub, aud, exp, iat, nonce, azp, amr, acr, jti, sid, groups
        case authTime = "auth_time"
    }

    /// Whether a refreshed token is about the same sign-in as this one (OpenID Connect Core
    /// §12.2): same issuer, subject, audience, authorized party and authentication time.
    public func isSameSignIn(as other: IDTokenClaims) -> Bool {
        iss == other.iss && sub == other.sub && Set(aud.value) == Set(other.aud.value) && azp == other.azp
            && authTime == other.authTime
    }

    /// Checked by whoever verifies, with their own clock (the SDK's ``IDTokenVerifier``-like
    /// policies, the server's logout), not here.
    public func verify(using _: some JWTAlgorithm) throws {}
}
