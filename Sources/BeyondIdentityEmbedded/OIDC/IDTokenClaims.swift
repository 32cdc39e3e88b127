import Foundation
package import JWTKit

/// The ID token claims the SDK checks (OpenID Connect Core §2).
package struct IDTokenClaims: JWTPayload {
    var iss: IssuerClaim
    var sub: SubjectClaim
    var aud: AudienceClaim
    var exp: ExpirationClaim
    var iat: IssuedAtClaim
    var nonce: String?
    var azp: String?
    var authTime: Int?

    private enum CodingKeys: String, CodingKey {
        case iss, sub, aud, exp, iat, nonce, azp
        case authTime = "auth_time"
    }

    /// Whether a refreshed token is about the same sign-in as this one (OpenID Connect Core
    /// §12.2): same issuer, subject, audience, authorized party and authentication time.
    func isSameSignIn(as other: IDTokenClaims) -> Bool {
        iss == other.iss && sub == other.sub && Set(aud.value) == Set(other.aud.value) && azp == other.azp
            && authTime == other.authTime
    }

    /// Claims are checked by ``IDTokenVerifier`` with its injected clock, not here.
    package func verify(using algorithm: some JWTAlgorithm) async throws {}
}
