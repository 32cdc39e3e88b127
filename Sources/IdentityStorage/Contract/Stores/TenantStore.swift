/// Tenants and their realms. A part of ``IdentityStore``, whose rules every requirement follows.
public protocol TenantStore: Sendable {
    func createTenant(_ tenant: TenantRecord, audit event: AuditEventRecord?) async throws
    func tenant(id: String) async throws -> TenantRecord?
    func listTenants(_ page: PageRequest) async throws -> Page<TenantRecord>
    func updateTenant(_ tenant: TenantRecord, audit event: AuditEventRecord?) async throws
    /// Deletes the tenant and everything under it; returns the ids of the realms that went.
    @discardableResult
    func deleteTenant(id: String, audit event: AuditEventRecord?) async throws -> [String]

    // Realms
    /// Creates the realm and, in the same transaction, its first token-signing key.
    func createRealm(_ realm: RealmRecord, signingKey: SigningKeyRecord?, audit event: AuditEventRecord?) async throws
    func realm(id: String) async throws -> RealmRecord?
    func listRealms(tenantID: String, _ page: PageRequest) async throws -> Page<RealmRecord>
    func updateRealm(_ realm: RealmRecord, audit event: AuditEventRecord?) async throws
    func deleteRealm(id: String, audit event: AuditEventRecord?) async throws
}
