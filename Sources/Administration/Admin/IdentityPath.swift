import IdentityServerCore

/// Where an identity is: its realm and its own id (`…/realms/{realm}/identities/{identity}`). An
/// identity under another realm or tenant is not found.
package struct IdentityPath: Hashable, Sendable {
    package let realm: RealmPath
    package let identityID: String

    package init(realm: RealmPath, identityID: String) {
        self.realm = realm
        self.identityID = identityID
    }

    package var tenantID: String { realm.tenantID }
    package var realmID: String { realm.realmID }
}
