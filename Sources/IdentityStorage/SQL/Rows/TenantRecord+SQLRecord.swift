import Foundation
import SQLKit

extension TenantRecord: SQLRecord {
    static let table = "tenants"
    var columns: [SQLColumn] {
        [("id", id), ("display_name", displayName), ("created_at", createdAt.milliseconds), ("updated_at", updatedAt.milliseconds)]
    }
    init(row: any SQLRow) throws {
        self.init(id: try row.string("id"), displayName: try row.string("display_name"),
                  createdAt: try row.date("created_at"), updatedAt: try row.date("updated_at"))
    }
}
