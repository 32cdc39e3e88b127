public import Foundation

/// Admin tokens. A part of ``IdentityStore``, whose rules every requirement follows.
public protocol AdminTokenStore: Sendable {
    /// Creates the token and appends `event`, in one transaction.
    func createAdminToken(_ token: AdminTokenRecord, audit event: AuditEventRecord) async throws
    func adminToken(hash: Data) async throws -> AdminTokenRecord?
    func adminToken(id: String) async throws -> AdminTokenRecord?
    /// Admin tokens by id, revoked and expired ones included.
    func listAdminTokens(_ page: PageRequest) async throws -> Page<AdminTokenRecord>
    /// Every admin token ever created, revoked and expired ones included.
    func adminTokenCount() async throws -> Int
    /// Records that the token `id` was presented at `at`.
    func touchAdminToken(id: String, at: Date) async throws
    /// Revokes the unrevoked token `id` and appends `event`, unless it is the last owner's
    /// token active at `at` (checked and written in one transaction, serialized with other
    /// revocations). Throws ``StorageError/notFound`` for an unknown or already revoked token.
    func revokeAdminToken(id: String, at: Date, audit event: AuditEventRecord) async throws -> AdminTokenRevocation
}
