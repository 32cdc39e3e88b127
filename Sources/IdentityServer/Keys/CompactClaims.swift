import Foundation
import IdentityProtocol
import JWTKit

/// A JWT payload read from ``CompactJSON`` where it can be (``ES256Algorithm`` tries it before
/// `JSONDecoder`): what this server wrote (``HandWrittenClaims``) reads without a decoder,
/// with the values its `Decodable` form would read. `nil` leaves the payload to the decoder.
protocol CompactClaims: JWTPayload {
    init?(compact json: CompactJSON)
}

extension CompactJSON {
    /// An `aud` claim as jwt-kit reads it: one audience as a string, any number as an array.
    var audience: AudienceClaim? {
        if let single = string { return AudienceClaim(value: [single]) }
        guard case .array(let elements) = self else { return nil }
        let audiences = elements.compactMap(\.string)
        return audiences.count == elements.count ? AudienceClaim(value: audiences) : nil
    }

    /// A NumericDate (RFC 7519 §2) of whole seconds.
    var date: Date? { integer.map { Date(timeIntervalSince1970: Double($0)) } }
}

extension AccessTokenClaims: CompactClaims {
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
