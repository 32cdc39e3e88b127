import Foundation
import SQLKit

/// A realm's groups (`identity_groups`) and their members (`identity_group_members`). A deleted
/// identity keeps its rows but is no member any more: every read leaves it out.
extension SQLIdentityStore {
    public func createGroup(_ group: IdentityGroupRecord, audit event: AuditEventRecord?) async throws {
        try await audited(event) { db in
            try await SQLErrors.translating {
                try await db.raw("""
                    INSERT INTO identity_groups (id, tenant_id, realm_id, display_name, external_id, version, created_at, updated_at)
                    VALUES (\(bind: group.id), \(bind: group.tenantID), \(bind: group.realmID), \(bind: group.displayName),
                            \(bind: group.externalID), \(bind: group.version), \(bind: group.createdAt.milliseconds),
                            \(bind: group.updatedAt.milliseconds))
                    """).run()
            }
            try await self.insertMembers(of: group, on: db)
        }
    }

    public func group(id: String) async throws -> IdentityGroupRecord? {
        try await engine.run { db in
            guard let row = try await db.raw("SELECT * FROM identity_groups WHERE id = \(bind: id)").first() else { return nil }
            let members = try await db.raw("""
                SELECT m.identity_id FROM identity_group_members m JOIN identities i ON i.id = m.identity_id
                WHERE m.group_id = \(bind: id) AND i.status <> \(bind: IdentityRecord.Status.deleted.rawValue)
                ORDER BY m.identity_id
                """).all().map { try $0.string("identity_id") }
            return try IdentityGroupRecord(row: row, memberIDs: members)
        }
    }

    public func groups(
        realmID: String, matching condition: DirectoryCondition<IdentityGroupField>?, offset: Int, limit: Int, memberLimit: Int
    ) async throws -> DirectoryPage<IdentityGroupRecord> {
        let scope: SQLQueryString = """
            FROM identity_groups g WHERE g.realm_id = \(bind: realmID)
            AND \(condition?.sql(Self.groupColumn) ?? DirectoryColumn.always)
            """
        return try await engine.run { db in
            let (rows, total) = try await db.directoryPage("""
                SELECT g.*, (SELECT count(*) FROM identity_group_members m JOIN identities i ON i.id = m.identity_id
                    WHERE m.group_id = g.id AND i.status <> \(bind: IdentityRecord.Status.deleted.rawValue)) AS member_count
                """, scope, order: "g.created_at, g.id", offset: offset, limit: limit)
            guard !rows.isEmpty else { return DirectoryPage(items: [], total: total) }
            var members = 0
            var page: [any SQLRow] = []
            for row in rows {
                members += try row.decode(column: "member_count", as: Int.self)
                guard page.isEmpty || members <= memberLimit else { break }
                page.append(row)
            }
            let ids = try page.map { try $0.string("id") }
            var memberIDs: [String: [String]] = [:]
            for row in try await db.raw("""
                SELECT m.group_id, m.identity_id FROM identity_group_members m JOIN identities i ON i.id = m.identity_id
                WHERE m.group_id IN (\(binds: ids)) AND i.status <> \(bind: IdentityRecord.Status.deleted.rawValue)
                ORDER BY m.identity_id
                """).all() {
                memberIDs[try row.string("group_id"), default: []].append(try row.string("identity_id"))
            }
            return DirectoryPage(
                items: try page.map { row in try IdentityGroupRecord(row: row, memberIDs: memberIDs[try row.string("id")] ?? []) },
                total: total)
        }
    }

    /// Where each field a group is filtered by is.
    private static func groupColumn(_ field: IdentityGroupField) -> DirectoryColumn {
        switch field {
        case .id: .text("g.id")
        case .displayName: .text("g.display_name")
        case .externalID: .text("g.external_id")
        case .created: .milliseconds("g.created_at")
        case .lastModified: .milliseconds("g.updated_at")
        case .member: .members(ofGroup: "g.id")
        }
    }

    public func updateGroup(_ group: IdentityGroupRecord, expectedVersion: Int64, audit event: AuditEventRecord?) async throws {
        try await audited(event) { db in
            let updated = try await SQLErrors.translating {
                try await db.raw("""
                    UPDATE identity_groups SET display_name = \(bind: group.displayName), external_id = \(bind: group.externalID),
                        version = \(bind: group.version), updated_at = \(bind: group.updatedAt.milliseconds)
                    WHERE id = \(bind: group.id) AND version = \(bind: expectedVersion) RETURNING id
                    """).all().count
            }
            guard updated == 1 else { throw StorageError.notFound.with(detail: "identity_groups \(group.id) at version \(expectedVersion)") }
            try await db.raw("DELETE FROM identity_group_members WHERE group_id = \(bind: group.id)").run()
            try await self.insertMembers(of: group, on: db)
        }
    }

    public func deleteGroup(id: String, expectedVersion: Int64, audit event: AuditEventRecord?) async throws {
        try await audited(event) { db in
            let deleted = try await db.raw("""
                DELETE FROM identity_groups WHERE id = \(bind: id) AND version = \(bind: expectedVersion) RETURNING id
                """).all().count
            guard deleted == 1 else { throw StorageError.notFound.with(detail: "identity_groups \(id) at version \(expectedVersion)") }
        }
    }

    public func groups(ofIdentity identityID: String, limit: Int) async throws -> [GroupMembership] {
        try await engine.run { db in
            try await db.raw("""
                SELECT g.id, g.display_name FROM identity_groups g JOIN identity_group_members m ON m.group_id = g.id
                WHERE m.identity_id = \(bind: identityID) ORDER BY g.display_name, g.id LIMIT \(bind: limit)
                """).all().map { GroupMembership(groupID: try $0.string("id"), displayName: try $0.string("display_name")) }
        }
    }

    /// Inserts the group's members, a few hundred rows per statement.
    private func insertMembers(of group: IdentityGroupRecord, on db: any SQLDatabase) async throws {
        for start in stride(from: 0, to: group.memberIDs.count, by: 400) {
            var sql = SQLQueryString("INSERT INTO identity_group_members (group_id, identity_id) VALUES ")
            for (index, member) in group.memberIDs[start..<min(start + 400, group.memberIDs.count)].enumerated() {
                sql.appendInterpolation("\(unsafeRaw: index > 0 ? ", " : "")(\(bind: group.id), \(bind: member))" as SQLQueryString)
            }
            try await SQLErrors.translating { [sql] in try await db.raw(sql).run() }
        }
    }
}

extension IdentityGroupRecord {
    init(row: any SQLRow, memberIDs: [String]) throws {
        self.init(
            id: try row.string("id"), tenantID: try row.string("tenant_id"), realmID: try row.string("realm_id"),
            displayName: try row.string("display_name"), externalID: try row.optionalString("external_id"), memberIDs: memberIDs,
            version: try row.decode(column: "version", as: Int64.self), createdAt: try row.date("created_at"),
            updatedAt: try row.date("updated_at"))
    }
}
