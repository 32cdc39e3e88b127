import Foundation
import IdentityProtocol
package import IdentityStorage
import IdentityServerCore

/// Who is calling the admin API: the admin token the request presented, named by its label
/// and public id (never the token). Recorded in every admin audit event.
package struct AdminPrincipal: Sendable, Equatable {
    /// The token's label (`bootstrap` for the first one).
    package let label: String
    /// The token's public id: tells tokens apart, reveals nothing.
    package let tokenID: String
    /// The one tenant the token may administer; `nil` for all of them.
    package let tenantID: String?
    /// How the administrator reached the server.
    package let channel: AdminChannel

    package init(_ token: AdminTokenRecord, via channel: AdminChannel = .api) {
        self.init(label: token.label, tokenID: token.id, tenantID: token.tenantID, channel: channel)
    }

    private init(label: String, tokenID: String, tenantID: String?, channel: AdminChannel) {
        (self.label, self.tokenID, self.tenantID, self.channel) = (label, tokenID, tenantID, channel)
    }

    /// The operator at the server's command line (`bi-server admin-tokens create`): no token,
    /// every tenant.
    package static let commandLine = AdminPrincipal(label: "bi-server command line", tokenID: "-", tenantID: nil, channel: .commandLine)

    /// Whether the token may see and change `tenantID` and what is under it.
    package func administers(tenantID: String) -> Bool {
        self.tenantID == nil || self.tenantID == tenantID
    }

    /// Throws `403 forbidden` unless the token is for every tenant; `action` says what it
    /// could not do (“create tenants”).
    package func requireUnscoped(toDo action: String) throws {
        guard tenantID == nil else {
            throw ServerError(APIErrorCode.forbidden, "a token scoped to one tenant cannot \(action)")
        }
    }

    /// What an audit event records of the principal.
    package var auditDetail: [String: String] {
        ["by": "admin", "admin_token": label, "admin_token_id": tokenID, "via": channel.rawValue]
    }
}
