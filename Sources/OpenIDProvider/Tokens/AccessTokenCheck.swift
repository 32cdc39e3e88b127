package import IdentityProtocol
package import Foundation
import IdentityStorage
import JWTKit
package import IdentityServerCore
package import RealmKeys

/// Whether an access token is active: signed by the realm's key as an `at+jwt`, issued by this
/// issuer for it, unexpired, unrevoked, its client not deleted, and — for a user's token — its
/// session standing (not ended, its credential and user active). What `/userinfo` and
/// introspection both ask.
package struct AccessTokenCheck {
    package let store: any ProviderStore
    package let keyring: RealmKeyring
    package let baseURL: PublicBaseURL
    package let now: @Sendable () -> Date

    /// The token's claims and its user when it is active; `nil` for anything else. A failure to
    /// read storage is thrown, never taken for an inactive token.
    package func active(_ token: String, tenantID: String, realmID: String) async throws -> ActiveAccessToken? {
        guard let claims = try await verified(token, tenantID: tenantID, realmID: realmID) else { return nil }
        let issuer = baseURL.issuer(tenantID: tenantID, realmID: realmID)
        guard claims.iss.value == issuer, claims.aud.value.contains(issuer), claims.exp.value > now(),
              let standing = try await store.issuedTokenStanding(jti: claims.jti.value, subject: claims.sub.value),
              standing.token.revokedAt == nil,
              let application = try await store.application(clientID: claims.clientID), application.realmID == realmID
        else { return nil }
        if standing.token.grant == .clientCredentials {
            return claims.sub.value == application.clientID ? ActiveAccessToken(claims: claims, identity: nil) : nil
        }
        guard standing.sessionStands != false,
              let identity = standing.subject, identity.status == .active, identity.realmID == realmID
        else { return nil }
        return ActiveAccessToken(claims: claims, identity: identity)
    }

    /// The claims of a token signed by the realm's key as an `at+jwt`; `nil` when the realm does
    /// not exist (so no keys are loaded, let alone made, for it), or the token is malformed, of an
    /// unknown key or type, or its signature does not verify.
    package func verified(_ token: String, tenantID: String, realmID: String) async throws -> AccessTokenClaims? {
        guard let realm = try await store.realm(id: realmID), realm.tenantID == tenantID else { return nil }
        do {
            return try await keyring.verify(token, as: AccessTokenClaims.self, type: AccessTokenClaims.type, realmID: realmID)
        } catch is RealmSigner.SignerError, is JWTError, is DecodingError {
            return nil
        }
    }
}
