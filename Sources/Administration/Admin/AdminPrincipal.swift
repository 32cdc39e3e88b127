package import Foundation
import IdentityProtocol
package import IdentityStorage
import IdentityServerCore

/// Who is calling the admin API: the admin token the request presented, named by its label
/// and public id (never the token), or the operator signed in to the console, named by their
/// username and identity id. Recorded in every admin audit event.
package struct AdminPrincipal: Sendable, Equatable {
    /// The token's label (`bootstrap` for the first one), or the operator's username.
    package let label: String
    /// The token's public id (tells tokens apart, reveals nothing), or the operator's identity id.
    package let id: String
    /// Whether a person signed in as an operator acts, rather than an admin token.
    package let isOperator: Bool
    /// When the operator last proved it is them (a passkey, or the app); `nil` for a token.
    package let provedAt: Date?
    /// The one tenant the token may administer; `nil` for all of them.
    package let tenantID: String?
    /// What it may do (``AdminPermission/granted(to:)``).
    package let role: AdminRole
    /// How the administrator reached the server.
    package let channel: AdminChannel

    package init(_ token: AdminTokenRecord, via channel: AdminChannel = .api) {
        self.init(
            label: token.label, id: token.id, isOperator: false, provedAt: nil, tenantID: token.tenantID, role: token.role, channel: channel)
    }

    /// The operator `record`, whose username is `username`, in the console, who last proved it
    /// is them at `provedAt`.
    package init(_ record: OperatorRecord, username: String, provedAt: Date) {
        self.init(
            label: username, id: record.identityID, isOperator: true, provedAt: provedAt, tenantID: record.tenantID, role: record.role,
            channel: .console)
    }

    private init(
        label: String, id: String, isOperator: Bool, provedAt: Date?, tenantID: String?, role: AdminRole, channel: AdminChannel
    ) {
        (self.label, self.id, self.isOperator, self.provedAt) = (label, id, isOperator, provedAt)
        (self.tenantID, self.role, self.channel) = (tenantID, role, channel)
    }

    /// The operator at the server's command line (`bi-server admin-tokens create`): no token,
    /// every tenant.
    package static let commandLine = AdminPrincipal(
        label: "bi-server command line", id: "-", isOperator: false, provedAt: nil, tenantID: nil, role: .owner, channel: .commandLine)

    /// Whether the token may see and change `tenantID` and what is under it. The operators'
    /// tenant is the owners' alone: whoever could send one of its identities an enrollment link
    /// could become that operator.
    package func administers(tenantID: String) -> Bool {
        guard tenantID != OperatorsRealm.tenantID else { return may(.manageServer) }
        return self.tenantID == nil || self.tenantID == tenantID
    }

    /// Whether the role grants `permission` (the server's own resources also need every tenant).
    package func may(_ permission: AdminPermission) -> Bool {
        AdminPermission.granted(to: role).contains(permission) && (permission != .manageServer || tenantID == nil)
    }

    /// Throws ``AdminForbidden`` (`403 forbidden`) unless the principal ``may(_:)`` do what
    /// needs `permission`; `action` says what it could not do (“create tenants”).
    package func require(_ permission: AdminPermission, toDo action: String) throws {
        guard !may(permission) else { return }
        if permission == .manageServer, tenantID != nil {
            throw AdminForbidden(
                reason: .serverWide, permission: permission,
                error: ServerError(APIErrorCode.forbidden, "a token scoped to one tenant cannot \(action)"))
        }
        throw AdminForbidden(
            reason: .role, permission: permission, error: ServerError(APIErrorCode.forbidden, "the \(role.title) role cannot \(action)"))
    }

    /// What an audit event records of the principal.
    package var auditDetail: [String: String] {
        isOperator
            ? ["by": "operator", "operator": label, "operator_id": id, "via": channel.rawValue]
            : ["by": "admin", "admin_token": label, "admin_token_id": id, "via": channel.rawValue]
    }

    /// The detail that names the principal in a refusal: its token's or its identity's id.
    package var idDetail: [String: String] { isOperator ? ["operator_id": id] : ["admin_token_id": id] }
}
