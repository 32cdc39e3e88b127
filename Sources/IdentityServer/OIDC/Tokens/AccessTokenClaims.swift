import Foundation
import IdentityProtocol
import JWTKit

/// Access token claims (RFC 9068 §2.2). The audience is the issuer, whose `/userinfo` is
/// the resource these tokens open. A client-credentials token stands for its client: `sub` is
/// the client id and there is no `auth_time`. A DPoP-bound token names its key in `cnf`
/// (RFC 9449 §6.1).
struct AccessTokenClaims: JWTPayload, Equatable {
    static let type = "at+jwt"

    let iss: IssuerClaim
    let sub: SubjectClaim
    let aud: AudienceClaim
    let exp: ExpirationClaim
    let iat: IssuedAtClaim
    let jti: IDClaim
    let clientID: String
    let scope: String
    let authTime: Int64?
    let cnf: Confirmation?

    enum CodingKeys: String, CodingKey {
        case iss, sub, aud, exp, iat, jti, scope, cnf
        case clientID = "client_id"
        case authTime = "auth_time"
    }

    func verify(using _: some JWTAlgorithm) throws {}
}
