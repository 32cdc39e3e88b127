import Foundation
import IdentityStorage
import JWTKit

/// Whether an access token is active: signed by the realm's key as an `at+jwt`, issued by this
/// issuer for it, unexpired, unrevoked, and its user still active. What `/userinfo` and
/// introspection both ask.
struct AccessTokenCheck {
    let store: any IdentityStore
    let keyring: RealmKeyring
    let baseURL: PublicBaseURL
    let now: @Sendable () -> Date

    /// The token's claims and its user when it is active; `nil` for anything else. A failure to
    /// read storage is thrown, never taken for an inactive token.
    func active(_ token: String, tenantID: String, realmID: String) async throws -> (AccessTokenClaims, IdentityRecord)? {
        guard let claims = try await verified(token, realmID: realmID) else { return nil }
        let issuer = baseURL.issuer(tenantID: tenantID, realmID: realmID)
        guard claims.iss.value == issuer, claims.aud.value.contains(issuer), claims.exp.value > now(),
              let issued = try await store.issuedToken(jti: claims.jti.value), issued.revokedAt == nil,
              let identity = try await store.identity(id: claims.sub.value), identity.status == .active,
              identity.realmID == realmID
        else { return nil }
        return (claims, identity)
    }

    /// The claims of a token signed by the realm's key as an `at+jwt`; `nil` when it is
    /// malformed, of an unknown key or type, or its signature does not verify.
    func verified(_ token: String, realmID: String) async throws -> AccessTokenClaims? {
        do {
            return try await keyring.verify(token, as: AccessTokenClaims.self, type: AccessTokenClaims.type, realmID: realmID)
        } catch is RealmSigner.SignerError, is JWTError, is DecodingError {
            return nil
        }
    }
}
