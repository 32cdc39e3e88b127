import IdentityServerCore

/// Where an identity is: its realm and its own id (`…/realms/{realm}/identities/{identity}`). An
/// identity under another realm or tenant is not found.
struct IdentityPath: Hashable, Sendable {
    let realm: RealmPath
    let identityID: String

    var tenantID: String { realm.tenantID }
    var realmID: String { realm.realmID }
}
