package import IdentityStorage

/// What an admin service call needs of its caller's role. Every call of ``AdminService`` (and
/// of the webhook service) asks for one, so the admin API and the console refuse alike; what
/// each role is granted is ``granted(to:)``, the one table of it.
package enum AdminPermission: String, Sendable, CaseIterable {
    /// Tenants, realms, identities, their credentials, sessions and enrollments (never a secret).
    case read
    /// The audit log and the dashboard's figures.
    case readAudit = "read_audit"
    /// Applications, signing keys, webhook endpoints and deliveries, provisioning tokens.
    case readConfiguration = "read_configuration"
    /// Create, suspend and reactivate identities; revoke credentials and sessions; send
    /// enrollment links.
    case helpIdentities = "help_identities"
    /// Delete identities.
    case deleteIdentities = "delete_identities"
    /// Change tenants' and realms' settings, applications, signing keys, webhooks and
    /// provisioning tokens.
    case configure
    /// Create and delete tenants; admin tokens and operators.
    case manageServer = "manage_server"

    /// What `role` may do.
    package static func granted(to role: AdminRole) -> Set<AdminPermission> {
        switch role {
        case .owner: Set(allCases)
        case .tenantAdmin: Set(allCases).subtracting([.manageServer])
        case .auditor: [.read, .readAudit, .readConfiguration]
        case .support: [.read, .readAudit, .helpIdentities]
        }
    }
}
