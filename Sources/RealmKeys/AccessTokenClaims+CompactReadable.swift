package import Foundation
package import IdentityProtocol
package import JWTKit
import IdentityServerCore

extension CompactJSON {
    /// An `aud` claim as jwt-kit reads it: one audience as a string, any number as an array.
    package var audience: AudienceClaim? {
        (string.map { [$0] } ?? strings).map(AudienceClaim.init(value:))
    }

    /// A NumericDate (RFC 7519 §2) of whole seconds.
    package var date: Date? { integer.map { Date(timeIntervalSince1970: Double($0)) } }
}

extension AccessTokenClaims: CompactReadable {
    package init?(compact json: CompactJSON) {
        guard let iss = json["iss"]?.string, let sub = json["sub"]?.string, let aud = json["aud"]?.audience,
              let exp = json["exp"]?.date, let iat = json["iat"]?.date, let jti = json["jti"]?.string,
              let clientID = json["client_id"]?.string, let scope = json["scope"]?.string,
              let authTime = json.optionalMember("auth_time", \.integer),
              let cnf = json.optionalMember("cnf", { $0["jkt"]?.string.map(Confirmation.init(jkt:)) })
        else { return nil }
        self.init(
            iss: IssuerClaim(value: iss), sub: SubjectClaim(value: sub), aud: aud, exp: ExpirationClaim(value: exp),
            iat: IssuedAtClaim(value: iat), jti: IDClaim(value: jti), clientID: clientID, scope: scope, authTime: authTime, cnf: cnf)
    }
}
