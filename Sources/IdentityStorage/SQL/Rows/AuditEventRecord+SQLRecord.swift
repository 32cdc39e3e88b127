import Foundation
import SQLKit

extension AuditEventRecord: SQLRecord {
    static let table = "audit_events"
    var columns: [SQLColumn] {
        [("id", id), ("occurred_at", occurredAt.milliseconds), ("type", type), ("tenant_id", tenantID),
         ("realm_id", realmID), ("subject_id", subjectID), ("detail_json", detailJSON), ("occurrences", Int64(occurrences))]
    }
    init(row: any SQLRow) throws {
        self.init(
            id: try row.string("id"), occurredAt: try row.date("occurred_at"), type: try row.string("type"),
            tenantID: try row.optionalString("tenant_id"), realmID: try row.optionalString("realm_id"),
            subjectID: try row.optionalString("subject_id"), detailJSON: try row.string("detail_json"),
            occurrences: Int(try row.decode(column: "occurrences", as: Int64.self)))
    }
}
