public import Foundation
import SQLKit

/// SCIM users: identities with their `scim_users` rows.
extension SQLIdentityStore {
    public func createSCIMUser(_ user: SCIMUserRecord, enrolling mailing: EnrollmentMailing?, audit event: AuditEventRecord?) async throws {
        try await engine.transaction { db in
            if mailing != nil { try await self.requireSealingKey(on: db) }
            try await self.insert(user.identity, on: db)
            try await SQLErrors.translating {
                try await db.raw("""
                    INSERT INTO scim_users (identity_id, realm_id, external_id, attributes_json, version)
                    VALUES (\(bind: user.identity.id), \(bind: user.identity.realmID), \(bind: user.externalID),
                            \(bind: user.attributesJSON), \(bind: user.version))
                    """).run()
            }
            if let event { try await self.insert(event, on: db) }
            if let mailing {
                try await self.insert(mailing.job, on: db)
                try await self.insert(mailing.mail, on: db)
                if let event = mailing.event { try await self.insert(event, on: db) }
            }
        }
    }

    public func scimUser(identityID: String) async throws -> SCIMUserRecord? {
        try await engine.run { db in
            try await db.raw("\(unsafeRaw: Self.scimUserSelect) WHERE i.id = \(bind: identityID)").first().map(SCIMUserRecord.init(row:))
        }
    }

    public func scimUsers(
        realmID: String, matching condition: DirectoryCondition<SCIMUserField>?, offset: Int, limit: Int
    ) async throws -> DirectoryPage<SCIMUserRecord> {
        let scope: SQLQueryString = """
            FROM identities i LEFT JOIN scim_users s ON s.identity_id = i.id
            WHERE i.realm_id = \(bind: realmID) AND i.status <> \(bind: IdentityRecord.Status.deleted.rawValue)
            AND \(condition?.sql(Self.scimUserColumn) ?? DirectoryColumn.always)
            """
        return try await engine.run { db in
            let (rows, total) = try await db.directoryPage(
                "\(unsafeRaw: Self.scimUserColumns)", scope, order: "i.created_at, i.id", offset: offset, limit: limit)
            return DirectoryPage(items: try rows.map(SCIMUserRecord.init(row:)), total: total)
        }
    }

    /// Where each field a SCIM user is filtered by is.
    private static func scimUserColumn(_ field: SCIMUserField) -> DirectoryColumn {
        switch field {
        case .id: .text("i.id")
        case .userName: .text("i.username")
        case .displayName: .text("i.display_name")
        case .email: .text("i.email")
        case .externalID: .text("s.external_id")
        case .created: .milliseconds("i.created_at")
        case .lastModified: .milliseconds("i.updated_at")
        case .active: .activeStatus("i.status")
        }
    }

    public func updateSCIMUser(
        _ user: SCIMUserRecord, expectedVersion: Int64, revokingCredentialsAt revocation: Date?, audit event: AuditEventRecord?
    ) async throws {
        try await audited(event) { db in
            let written: Int
            if expectedVersion == 0 {
                written = try await SQLErrors.translating {
                    try await db.raw("""
                        INSERT INTO scim_users (identity_id, realm_id, external_id, attributes_json, version)
                        SELECT \(bind: user.identity.id), \(bind: user.identity.realmID), \(bind: user.externalID),
                               \(bind: user.attributesJSON), \(bind: user.version)
                        WHERE NOT EXISTS (SELECT 1 FROM scim_users WHERE identity_id = \(bind: user.identity.id))
                        RETURNING identity_id
                        """).all().count
                }
            } else {
                written = try await db.raw("""
                    UPDATE scim_users SET external_id = \(bind: user.externalID), attributes_json = \(bind: user.attributesJSON),
                        version = \(bind: user.version)
                    WHERE identity_id = \(bind: user.identity.id) AND version = \(bind: expectedVersion)
                    RETURNING identity_id
                    """).all().count
            }
            guard written == 1 else { throw StorageError.notFound.with(detail: "scim_users \(user.identity.id) at version \(expectedVersion)") }
            try await self.replace(user.identity, on: db)
            if let revocation { _ = try await self.revokeActiveCredentials(ofIdentity: user.identity.id, at: revocation, on: db) }
        }
    }

    private static let scimUserColumns = """
        SELECT i.*, s.external_id AS scim_external_id, s.attributes_json AS scim_attributes_json, s.version AS scim_version
        """
    private static let scimUserSelect = scimUserColumns + " FROM identities i LEFT JOIN scim_users s ON s.identity_id = i.id"
}

extension SCIMUserRecord {
    init(row: any SQLRow) throws {
        self.init(
            identity: try IdentityRecord(row: row), externalID: try row.optionalString("scim_external_id"),
            attributesJSON: try row.optionalString("scim_attributes_json") ?? "{}",
            version: try row.decode(column: "scim_version", as: Int64?.self) ?? 0)
    }
}
