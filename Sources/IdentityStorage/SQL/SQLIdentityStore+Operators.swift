public import Foundation
import SQLKit

/// The console's operators.
extension SQLIdentityStore {
    public func createOperator(_ record: OperatorRecord, identity: IdentityRecord, audit events: [AuditEventRecord]) async throws {
        try await engine.transaction { db in
            try await self.insert(identity, on: db)
            try await self.insert(record, on: db)
            for event in events { try await self.insert(event, on: db) }
        }
    }

    public func operatorRecord(identityID: String) async throws -> OperatorRecord? {
        try await fetch(OperatorRecord.self, where: "id", equals: identityID)
    }

    public func listOperators(_ page: PageRequest) async throws -> Page<OperatorRecord> {
        try await list(OperatorRecord.self, page)
    }

    public func updateOperator(_ record: OperatorRecord, audit event: AuditEventRecord) async throws {
        try await audited(event) { db in try await self.replace(record, on: db) }
    }

    public func operatorCount() async throws -> Int {
        try await engine.run { db in
            try await db.raw("SELECT COUNT(*) AS count FROM operators").first()?.decode(column: "count", as: Int.self) ?? 0
        }
    }
}

extension OperatorRecord: SQLRecord {
    static let table = "operators"
    var columns: [SQLColumn] {
        [("id", identityID), ("role", role.rawValue), ("tenant_id", tenantID), ("created_at", createdAt.milliseconds),
         ("updated_at", updatedAt.milliseconds)]
    }
    init(row: any SQLRow) throws {
        self.init(
            identityID: try row.string("id"), role: try row.value("role"), tenantID: try row.optionalString("tenant_id"),
            createdAt: try row.date("created_at"), updatedAt: try row.date("updated_at"))
    }
}
