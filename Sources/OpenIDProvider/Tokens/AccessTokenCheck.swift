package import IdentityProtocol
package import Foundation
import IdentityStorage
import JWTKit
import Synchronization
package import IdentityServerCore
package import RealmKeys

/// Whether an access token is active: signed by the realm's key as an `at+jwt`, issued by this
/// issuer for it, unexpired, unrevoked, its client not deleted, and — for a user's token — its
/// session standing (not ended, its credential and user active). What `/userinfo` and
/// introspection both ask.
///
/// The token is recognised by the SHA-256 of it kept at issuance, read with its standing in
/// the one query that is made anyway: a token of exactly those bytes was signed here, so no
/// signature is checked (a P-256 verify, the largest part of a `/userinfo`). Its key must still
/// be published. Tokens issued before hashes were kept are checked by their signature.
package struct AccessTokenCheck {
    package let store: any ProviderStore
    package let keyring: RealmKeyring
    package let baseURL: PublicBaseURL
    package let now: @Sendable () -> Date

    /// The token's claims and its user when it is active; `nil` for anything else. A failure to
    /// read storage is thrown, never taken for an inactive token.
    package func active(_ token: String, tenantID: String, realmID: String) async throws -> ActiveAccessToken? {
        let issuer = baseURL.issuer(tenantID: tenantID, realmID: realmID)
        let now = now()
        let found = Mutex<IssuedTokenStanding?>(nil)
        guard let claims = try await verified(token, tenantID: tenantID, realmID: realmID, issuedHash: { [store] claims in
            // Claims no active token of this issuer has, and ids no token of ours could carry,
            // stop here: what a stranger makes up reaches neither the database nor a signature check.
            guard claims.iss.value == issuer, claims.aud.value.contains(issuer), claims.exp.value > now,
                  Self.couldBeOurs(claims.jti.value), Self.couldBeOurs(claims.sub.value),
                  let standing = try await store.issuedTokenStanding(jti: claims.jti.value, subject: claims.sub.value)
            else { throw RealmSigner.SignerError.notIssued }
            found.withLock { $0 = standing }
            return standing.token.tokenHash
        }) else { return nil }
        guard let standing = found.withLock({ $0 }), standing.token.revokedAt == nil,
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

    /// Whether `id` has the shape of the ids the server gives (a token's `jti`, a user's or a
    /// client's id): 1 to 128 printable ASCII characters, nothing a database would refuse.
    private static func couldBeOurs(_ id: String) -> Bool {
        (1...128).contains(id.utf8.count) && id.utf8.allSatisfy { (0x21...0x7E).contains($0) }
    }

    /// The claims of a token signed by the realm's key as an `at+jwt`; `nil` when the realm does
    /// not exist (so no keys are loaded, let alone made, for it), or the token is malformed, of an
    /// unknown key or type, or its signature does not verify.
    package func verified(_ token: String, tenantID: String, realmID: String) async throws -> AccessTokenClaims? {
        try await verified(token, tenantID: tenantID, realmID: realmID, issuedHash: nil)
    }

    /// ``verified(_:tenantID:realmID:)``, by the hash `issuedHash` finds for the claims where it
    /// finds one; by the signature alone without `issuedHash`.
    private func verified(
        _ token: String, tenantID: String, realmID: String, issuedHash: (@Sendable (AccessTokenClaims) async throws -> Data?)?
    ) async throws -> AccessTokenClaims? {
        guard let realm = try await store.realm(id: realmID), realm.tenantID == tenantID else { return nil }
        let type = AccessTokenClaims.type
        do {
            guard let issuedHash else { return try await keyring.verify(token, as: AccessTokenClaims.self, type: type, realmID: realmID) }
            return try await keyring.verify(token, as: AccessTokenClaims.self, type: type, realmID: realmID, issuedHash: issuedHash)
        } catch is RealmSigner.SignerError, is JWTError, is DecodingError {
            return nil
        }
    }
}
