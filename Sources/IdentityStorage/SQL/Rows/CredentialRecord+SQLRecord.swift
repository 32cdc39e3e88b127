import Foundation
import SQLKit

extension CredentialRecord: SQLRecord {
    static let table = "credentials"
    var columns: [SQLColumn] {
        [("id", id), ("tenant_id", tenantID), ("realm_id", realmID), ("identity_id", identityID), ("state", state.rawValue),
         ("device_name", deviceName), ("certificate_der", certificateDER), ("parent_credential_id", parentCredentialID),
         ("created_at", createdAt.milliseconds), ("last_used_at", lastUsedAt?.milliseconds),
         ("revoked_at", revokedAt?.milliseconds), ("kind", kind.rawValue)]
    }
    init(row: any SQLRow) throws {
        self.init(
            id: try row.string("id"), tenantID: try row.string("tenant_id"), realmID: try row.string("realm_id"),
            identityID: try row.string("identity_id"), state: try row.value("state"),
            deviceName: try row.optionalString("device_name"), certificateDER: try row.data("certificate_der"),
            parentCredentialID: try row.optionalString("parent_credential_id"), createdAt: try row.date("created_at"),
            lastUsedAt: try row.optionalDate("last_used_at"), revokedAt: try row.optionalDate("revoked_at"),
            kind: try row.value("kind"))
    }
}
