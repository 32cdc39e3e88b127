import Foundation
import SQLKit

extension IdentityRecord: SQLRecord {
    static let table = "identities"
    var columns: [SQLColumn] {
        [("id", id), ("tenant_id", tenantID), ("realm_id", realmID), ("username", username), ("email", email),
         ("display_name", displayName), ("status", status.rawValue), ("created_at", createdAt.milliseconds),
         ("updated_at", updatedAt.milliseconds)]
    }
    init(row: any SQLRow) throws {
        self.init(
            id: try row.string("id"), tenantID: try row.string("tenant_id"), realmID: try row.string("realm_id"),
            username: try row.string("username"), email: try row.optionalString("email"),
            displayName: try row.string("display_name"), status: try row.value("status"),
            createdAt: try row.date("created_at"), updatedAt: try row.date("updated_at"))
    }
}
