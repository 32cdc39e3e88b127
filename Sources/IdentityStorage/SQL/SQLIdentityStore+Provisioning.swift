public import Foundation
import SQLKit

/// Provisioning tokens.
extension SQLIdentityStore {
    public func createProvisioningToken(_ token: ProvisioningTokenRecord, audit event: AuditEventRecord?) async throws {
        try await audited(event) { db in try await self.insert(token, on: db) }
    }

    public func provisioningToken(hash: Data) async throws -> ProvisioningTokenRecord? {
        try await fetch(ProvisioningTokenRecord.self, where: "token_hash", equals: hash)
    }

    public func provisioningToken(id: String) async throws -> ProvisioningTokenRecord? {
        try await fetch(ProvisioningTokenRecord.self, where: "id", equals: id)
    }

    public func listProvisioningTokens(realmID: String, _ page: PageRequest) async throws -> Page<ProvisioningTokenRecord> {
        try await list(ProvisioningTokenRecord.self, where: "realm_id", equals: realmID, page)
    }

    public func revokeProvisioningToken(id: String, at now: Date, audit event: AuditEventRecord?) async throws
        -> ProvisioningTokenRecord
    {
        try await audited(event) { db in
            guard let row = try await db.raw("""
                UPDATE provisioning_tokens SET revoked_at = \(bind: now.milliseconds)
                WHERE id = \(bind: id) AND revoked_at IS NULL RETURNING *
                """).first()
            else { throw StorageError.notFound.with(detail: "active provisioning token \(id)") }
            return try ProvisioningTokenRecord(row: row)
        }
    }
}

extension ProvisioningTokenRecord: SQLRecord {
    static let table = "provisioning_tokens"
    var columns: [SQLColumn] {
        [("id", id), ("token_hash", tokenHash), ("label", label), ("tenant_id", tenantID), ("realm_id", realmID),
         ("created_at", createdAt.milliseconds), ("expires_at", expiresAt?.milliseconds), ("revoked_at", revokedAt?.milliseconds)]
    }
    init(row: any SQLRow) throws {
        self.init(
            tokenHash: try row.data("token_hash"), label: try row.string("label"), tenantID: try row.string("tenant_id"),
            realmID: try row.string("realm_id"), createdAt: try row.date("created_at"), expiresAt: try row.optionalDate("expires_at"),
            revokedAt: try row.optionalDate("revoked_at"))
    }
}
