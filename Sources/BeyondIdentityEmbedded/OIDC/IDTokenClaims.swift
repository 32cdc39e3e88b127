import Foundation
import JWTKit

/// The ID token claims the SDK checks (OpenID Connect Core §2).
struct IDTokenClaims: JWTPayload {
    var iss: IssuerClaim
    var sub: SubjectClaim
    var aud: AudienceClaim
    var exp: ExpirationClaim
    var iat: IssuedAtClaim
    var nonce: String?
    var azp: String?

    /// Claims are checked by ``IDTokenVerifier`` with its injected clock, not here.
    func verify(using algorithm: some JWTAlgorithm) async throws {}
}
