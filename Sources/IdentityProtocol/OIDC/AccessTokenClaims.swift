import Foundation
public import JWTKit

/// Access token claims (RFC 9068 §2.2), as the server signs them and resource servers read
/// them. The audience is the issuer, whose `/userinfo` is the resource these tokens open. A
/// client-credentials token stands for its client: `sub` is the client id and there is no
/// `auth_time`. A DPoP-bound token names its key in `cnf` (RFC 9449 §6.1).
public struct AccessTokenClaims: JWTPayload, Equatable {
    /// The header `typ` of an access token (RFC 9068 §2.1).
    public static let type = "at+jwt"

    public let iss: IssuerClaim
    public let sub: SubjectClaim
    public let aud: AudienceClaim
    public let exp: ExpirationClaim
    public let iat: IssuedAtClaim
    public let jti: IDClaim
    /// The client the token was issued to.
    public let clientID: String
    /// The granted scopes, space separated.
    public let scope: String
    /// When the user authenticated; `nil` for a client's own token.
    public let authTime: Int64?
    /// The key a bound token needs a proof of.
    public let cnf: Confirmation?

    /// Claims to sign.
    public init(
        iss: IssuerClaim, sub: SubjectClaim, aud: AudienceClaim, exp: ExpirationClaim, iat: IssuedAtClaim, jti: IDClaim,
        clientID: String, scope: String, authTime: Int64?, cnf: Confirmation?
    ) {
        (self.iss, self.sub, self.aud, self.exp, self.iat, self.jti) = (iss, sub, aud, exp, iat, jti)
        (self.clientID, self.scope, self.authTime, self.cnf) = (clientID, scope, authTime, cnf)
    }

    enum CodingKeys: String, CodingKey {
        case iss, sub, aud, exp, iat, jti, scope, cnf
        case clientID = "client_id"
        case authTime = "auth_time"
    }

    /// Reads the claims' plain values and wraps them, rather than have each of jwt-kit's claim
    /// types decode itself through a container of its own: half the cost of reading a token,
    /// which `/userinfo` and introspection do at every request. `exp` and `iat` are NumericDates,
    /// seconds since 1970 (RFC 7519 §2), whatever the decoder's date strategy.
    public init(from decoder: any Decoder) throws {
        let claims = try decoder.container(keyedBy: CodingKeys.self)
        iss = IssuerClaim(value: try claims.decode(String.self, forKey: .iss))
        sub = SubjectClaim(value: try claims.decode(String.self, forKey: .sub))
        aud = try claims.decode(AudienceClaim.self, forKey: .aud)
        exp = ExpirationClaim(value: Date(timeIntervalSince1970: try claims.decode(Double.self, forKey: .exp)))
        iat = IssuedAtClaim(value: Date(timeIntervalSince1970: try claims.decode(Double.self, forKey: .iat)))
        jti = IDClaim(value: try claims.decode(String.self, forKey: .jti))
        clientID = try claims.decode(String.self, forKey: .clientID)
        scope = try claims.decode(String.self, forKey: .scope)
        authTime = try claims.decodeIfPresent(Int64.self, forKey: .authTime)
        cnf = try claims.decodeIfPresent(Confirmation.self, forKey: .cnf)
    }

    /// Writes `exp` and `iat` as NumericDate seconds, whatever the encoder's date strategy, as
    /// ``init(from:)`` reads them.
    public func encode(to encoder: any Encoder) throws {
        var claims = encoder.container(keyedBy: CodingKeys.self)
        try claims.encode(iss.value, forKey: .iss)
        try claims.encode(sub.value, forKey: .sub)
        try claims.encode(aud, forKey: .aud)
        try claims.encode(exp.value.timeIntervalSince1970, forKey: .exp)
        try claims.encode(iat.value.timeIntervalSince1970, forKey: .iat)
        try claims.encode(jti.value, forKey: .jti)
        try claims.encode(clientID, forKey: .clientID)
        try claims.encode(scope, forKey: .scope)
        try claims.encodeIfPresent(authTime, forKey: .authTime)
        try claims.encodeIfPresent(cnf, forKey: .cnf)
    }

    /// Checked by whoever verifies, with their own clock and leeway.
    public func verify(using _: some JWTAlgorithm) throws {}
}
