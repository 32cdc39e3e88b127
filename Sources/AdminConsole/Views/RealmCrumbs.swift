import IdentityServerCore

/// The breadcrumb trail to a realm: tenant, then realm, each a link.
package struct RealmCrumbs: Sendable {
    package let tenantName: String
    package let tenantHref: String
    package let realmName: String
    package let realmHref: String
}
