package import Foundation
package import IdentityStorage

/// The application a realm's account page signs people in through when they approve with the
/// app on another device (the hosted page's QR code), as any relying party would: a public
/// client of the realm, `account-{realm}`, whose one redirect URI is the page's `callback`, and
/// whose one way to sign in is the app on another device. The page makes it the first time
/// someone asks, sets it right when what it needs changed, and redeems its codes itself (PKCE);
/// administrators see it among the realm's applications, and may rename it.
package enum AccountApplication {
    /// Its id and client id in the realm `realmID`.
    package static func id(of realmID: String) -> String { "account-\(realmID)" }

    /// The application of `realm`'s page, whose callback is `callback`, made at `now`.
    package static func record(for realm: RealmRecord, callback: String, now: Date) -> ApplicationRecord {
        ApplicationRecord(
            id: id(of: realm.id), tenantID: realm.tenantID, realmID: realm.id, clientID: id(of: realm.id),
            displayName: "Your account at \(realm.displayName)", clientType: .public, tokenEndpointAuthMethod: .none,
            clientSecretHash: nil, redirectURIs: [callback], invokeURL: "", allowedScopes: ["openid"],
            grantTypes: [.authorizationCode], signInMethods: [.crossDevice], createdAt: now, updatedAt: now)
    }

    /// `existing` with what the page needs of it from `needed` (client type, redirect URI, scope,
    /// grants, way to sign in), when any of it differs; `nil` when it serves as it is. Its name
    /// and lifetimes stay as an administrator left them.
    package static func repaired(_ existing: ApplicationRecord, _ needed: ApplicationRecord) -> ApplicationRecord? {
        var repaired = existing
        repaired.clientType = needed.clientType
        repaired.tokenEndpointAuthMethod = needed.tokenEndpointAuthMethod
        repaired.clientSecretHash = nil
        repaired.redirectURIs = needed.redirectURIs
        repaired.allowedScopes = needed.allowedScopes
        repaired.grantTypes = needed.grantTypes
        repaired.signInMethods = needed.signInMethods
        guard repaired != existing else { return nil }
        repaired.updatedAt = needed.updatedAt
        return repaired
    }
}
