import Foundation
import SQLKit

extension AdminTokenRecord: SQLRecord {
    static let table = "admin_tokens"
    var columns: [SQLColumn] {
        [("id", id), ("token_hash", tokenHash), ("label", label), ("tenant_id", tenantID), ("role", role.rawValue),
         ("created_at", createdAt.milliseconds), ("expires_at", expiresAt?.milliseconds), ("revoked_at", revokedAt?.milliseconds),
         ("last_used_at", lastUsedAt?.milliseconds)]
    }
    init(row: any SQLRow) throws {
        self.init(
            tokenHash: try row.data("token_hash"), label: try row.string("label"), tenantID: try row.optionalString("tenant_id"),
            role: try row.value("role"), createdAt: try row.date("created_at"),
            expiresAt: try row.optionalDate("expires_at"), revokedAt: try row.optionalDate("revoked_at"),
            lastUsedAt: try row.optionalDate("last_used_at"))
    }
}
