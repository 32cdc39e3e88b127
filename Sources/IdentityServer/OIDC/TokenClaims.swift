import Foundation
import JWTKit

/// ID token claims (OIDC Core §2). `amr` is `pop`: proof of possession of a device key.
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

    enum CodingKeys: String, CodingKey {
        case iss, sub, aud, exp, iat, nonce, azp, amr, jti
        case authTime = "auth_time"
    }

    func verify(using _: some JWTAlgorithm) throws {}
}

/// Access token claims (RFC 9068 §2.2). The audience is the issuer, whose `/userinfo` is
/// the resource these tokens open.
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
    let authTime: Int64

    enum CodingKeys: String, CodingKey {
        case iss, sub, aud, exp, iat, jti, scope
        case clientID = "client_id"
        case authTime = "auth_time"
    }

    func verify(using _: some JWTAlgorithm) throws {}
}
