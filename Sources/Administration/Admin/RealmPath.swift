import IdentityServerCore

/// Where a realm is: its tenant and its own id, as the admin API's paths name them
/// (`/tenants/{tenant}/realms/{realm}`). The admin service takes this value rather than two
/// `String`s that could be passed the wrong way round; a realm under another tenant is not found.
package struct RealmPath: Hashable, Sendable {
    package let tenantID: String
    package let realmID: String

    package init(tenantID: String, realmID: String) {
        self.tenantID = tenantID
        self.realmID = realmID
    }
}
