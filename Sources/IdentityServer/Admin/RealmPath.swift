import IdentityServerCore

/// Where a realm is: its tenant and its own id, as the admin API's paths name them
/// (`/tenants/{tenant}/realms/{realm}`). The admin service takes this value rather than two
/// `String`s that could be passed the wrong way round; a realm under another tenant is not found.
struct RealmPath: Hashable, Sendable {
    let tenantID: String
    let realmID: String
}
