import Foundation
import JWTKit

/// ID token claims (OIDC Core §2). `amr` is `pop`: proof of possession of a device key; `sid`
/// names the session, for RP-initiated logout.
struct IDTokenClaims: JWTPayload, Equatable {
    let iss: IssuerClaim
    let sub: SubjectClaim
    let aud: AudienceClaim
    let exp: ExpirationClaim
    let iat: IssuedAtClaim
    let authTime: Int64
    let nonce: String?
    let azp: String
    let amr: [String]
    let jti: IDClaim
    let sid: String?

    enum CodingKeys: String, CodingKey {
        case iss, sub, aud, exp, iat, nonce, azp, amr, jti, sid
        case authTime = "auth_time"
    }

    func verify(using _: some JWTAlgorithm) throws {}
}
