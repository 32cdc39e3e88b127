import Administration
package import IdentityProtocol
import IdentityStorage

/// The role and scope choices of the forms that make an admin token or an operator, or change
/// an operator's (the `role-and-scope` partial), with the chosen ones selected.
package struct RoleAndScopeFields: Sendable {
    /// One choice.
    package struct Option: Sendable {
        package let value: String
        package let title: String
        package let selected: Bool
    }

    /// The fields' ids begin with it (`token`, `operator`).
    package let prefix: String
    package let roles: [Option]
    package let tenants: [Option]

    /// Every role and tenant, `role` and `tenantID` selected, in fields whose ids begin `prefix`.
    package init(prefix: String, role: String, tenantID: String, tenants: [Tenant]) {
        self.prefix = prefix
        roles = AdminRole.allCases.map { Option(value: $0.rawValue, title: $0.title, selected: $0.rawValue == role) }
        self.tenants = tenants.map { Option(value: $0.id, title: $0.displayName, selected: $0.id == tenantID) }
    }
}
