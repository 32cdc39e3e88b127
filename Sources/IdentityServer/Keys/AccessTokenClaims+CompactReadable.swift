import Foundation
import IdentityProtocol
import JWTKit

extension CompactJSON {
    /// An `aud` claim as jwt-kit reads it: one audience as a string, any number as an array.
    var audience: AudienceClaim? {
        (string.map { [$0] } ?? strings).map(AudienceClaim.init(value:))
    }

    /// A NumericDate (RFC 7519 §2) of whole seconds.
    var date: Date? { integer.map { Date(timeIntervalSince1970: Double($0)) } }
}

extension AccessTokenClaims: CompactReadable {
    init?(compact json: CompactJSON) {
        guard let iss = json["iss"]?.string, let sub = json["sub"]?.string, let aud = json["aud"]?.audience,
              let exp = json["exp"]?.date, let iat = json["iat"]?.date, let jti = json["jti"]?.string,
              let clientID = json["client_id"]?.string, let scope = json["scope"]?.string
        else { return nil }
        var authTime: Int64?
        if let member = json["auth_time"] {
            guard let number = member.integer else { return nil }
            authTime = number
        }
        var cnf: Confirmation?
        if let member = json["cnf"] {
            guard let jkt = member["jkt"]?.string else { return nil }
            cnf = Confirmation(jkt: jkt)
        }
        self.init(
            iss: IssuerClaim(value: iss), sub: SubjectClaim(value: sub), aud: aud, exp: ExpirationClaim(value: exp),
            iat: IssuedAtClaim(value: iat), jti: IDClaim(value: jti), clientID: clientID, scope: scope, authTime: authTime, cnf: cnf)
    }
}
