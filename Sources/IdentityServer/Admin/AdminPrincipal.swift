import Foundation
import IdentityStorage

/// Who is calling the admin API: the admin token the request presented, named by its label
/// and a short id derived from its hash (never the token). Recorded in every admin audit event.
struct AdminPrincipal: Sendable, Equatable {
    /// The token's label (`bootstrap` for the first one).
    let label: String
    /// The first 8 bytes of the token's SHA-256, in hex: tells tokens apart, reveals nothing.
    let tokenID: String

    init(_ token: AdminTokenRecord) {
        label = token.label
        tokenID = token.tokenHash.prefix(8).map { String(format: "%02x", $0) }.joined()
    }

    /// What an audit event records of the principal.
    var auditDetail: [String: String] {
        ["by": "admin", "admin_token": label, "admin_token_id": tokenID]
    }
}
