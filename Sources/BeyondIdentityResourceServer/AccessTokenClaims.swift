import Foundation
import JWTKit

/// The claims of a Beyond Identity access token (RFC 9068 §2.2) the verifier reads.
struct AccessTokenClaims: JWTPayload {
    let iss: IssuerClaim
    let sub: SubjectClaim
    let aud: AudienceClaim
    let exp: ExpirationClaim
    let iat: IssuedAtClaim
    let jti: IDClaim
    let clientID: String
    let scope: String
    let cnf: Confirmation?

    /// `cnf` (RFC 7800): the key a bound token needs a proof of.
    struct Confirmation: Codable {
        let jkt: String
    }

    enum CodingKeys: String, CodingKey {
        case iss, sub, aud, exp, iat, jti, scope, cnf
        case clientID = "client_id"
    }

    /// Checked by ``AccessTokenVerifier`` with its clock and leeway, not here.
    func verify(using _: some JWTAlgorithm) throws {}
}
