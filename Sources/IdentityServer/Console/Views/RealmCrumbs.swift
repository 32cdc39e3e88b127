import IdentityServerCore

/// The breadcrumb trail to a realm: tenant, then realm, each a link.
struct RealmCrumbs: Sendable {
    let tenantName: String
    let tenantHref: String
    let realmName: String
    let realmHref: String
}
